import type { Request, Response } from 'express';
import { makeAnswer } from '../answer-cache/answer';
import type { AnswerCache } from '../answer-cache/answer-cache.service';
import { answerHeaders } from '../answer-cache/answer-headers';
import { etagMatches, preferredCoding } from '../answer-cache/negotiation';

/** Pages, crawl files and share images come from the rankings and reports data. */
const DATA_POLICY = { domain: 'data', personal: false } as const;

/**
 * Sends bytes made for this request as a public answer and keeps them for the fast path
 * (docs/product/rules.md#s11) under their URL, for the `data` version read before they were made
 * (`version`). A URL with a query is answered but not kept: one copy per query would let anyone
 * fill the cache. Text is compressed once; bytes (images) are sent as they are.
 */
export function sendAndKeep(
  cache: AnswerCache,
  request: Request,
  response: Response,
  made: { body: string | Buffer; contentType: string; version: string | null },
): void {
  const compressible = typeof made.body === 'string';
  const answer = makeAnswer(made.body, DATA_POLICY, {
    contentType: made.contentType,
    compressible,
  });
  cache.store.noteMiss();
  const key = request.originalUrl;
  if (made.version !== null && !key.includes('?')) cache.store.set(key, answer, made.version);
  const sent = answerHeaders(
    answer,
    preferredCoding(request.headers['accept-encoding']),
    cache.publicCacheControl,
  );
  for (const [name, value] of Object.entries(sent.headers)) response.setHeader(name, value!);
  if (etagMatches(request.headers['if-none-match'], String(sent.headers.etag))) {
    response.removeHeader('content-encoding');
    response.status(304).end();
    return;
  }
  response.status(200).setHeader('content-length', sent.body.length).end(sent.body);
}
