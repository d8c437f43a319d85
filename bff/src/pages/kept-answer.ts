import type { Request, Response } from 'express';
import { makeAnswer, type Answer } from '../answer-cache/answer';
import type { AnswerCache } from '../answer-cache/answer-cache.service';
import { answerHeaders } from '../answer-cache/answer-headers';
import { etagMatches, preferredCoding } from '../answer-cache/negotiation';

/** Pages, crawl files and share images come from the rankings and reports data. */
const DATA_POLICY = { domain: 'data', personal: false } as const;

/**
 * Sends bytes made for this request as a public answer and keeps them for the edge
 * (docs/product/rules.md#s11) under their canonical URL (or `key`), for the `data` version read
 * before they were made (`version`). A URL with a query the route reads is answered but not kept:
 * one copy per query would let anyone fill the cache. Text is compressed once; bytes (images) are
 * sent as they are.
 */
export function sendAndKeep(
  cache: AnswerCache,
  request: Request,
  response: Response,
  made: { body: string | Buffer; contentType: string; version: string | null; status?: number },
  key = request.originalUrl,
): void {
  const compressible = typeof made.body === 'string';
  const answer = makeAnswer(made.body, DATA_POLICY, {
    contentType: made.contentType,
    compressible,
    status: made.status,
  });
  cache.store.noteMiss();
  if (made.version !== null && !key.includes('?')) cache.store.set(key, answer, made.version);
  sendKeptAnswer(cache, request, response, answer);
}

/** A kept answer through Express, with the headers the edge sends it with. */
export function sendKeptAnswer(
  cache: AnswerCache,
  request: Request,
  response: Response,
  answer: Answer,
): void {
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
  response.status(answer.status).setHeader('content-length', sent.body.length).end(sent.body);
}
