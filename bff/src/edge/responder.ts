import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { ErrorBody } from '@upright/contracts';
import type { Answer, ContentCoding } from '../answer-cache/answer';
import {
  answerHeaders,
  memberHeaders,
  PRIVATE_CACHE_CONTROL,
} from '../answer-cache/answer-headers';
import { etagMatches, preferredCoding } from '../answer-cache/negotiation';
import { memberRepresentation } from '../answer-cache/personal-answers';
import { refusalPage } from '../pages/html';

const JSON_TYPE = 'application/json; charset=utf-8';
const HTML_TYPE = 'text/html; charset=utf-8';

/**
 * The one place the edge writes an answer (record 0049): status, the security headers, caching
 * headers, the coding and the error body, for kept answers and the edge's own refusals alike.
 * Fresh answers are written by their route with the same headers (`answerHeaders`, helmet's) and
 * are `private, no-store` unless the route declared them public (`privateByDefault`).
 */
export class Responder {
  /** Each coding of a kept answer with its headers flattened once, as writeHead takes them. */
  private readonly prepared = new WeakMap<Answer, Map<ContentCoding, Prepared>>();

  constructor(
    private readonly securityHeaders: OutgoingHttpHeaders,
    private readonly publicCacheControl: string,
  ) {}

  /** A kept answer, `304` when the client holds it already; `HEAD` gets the headers alone. */
  kept(request: IncomingMessage, response: ServerResponse, answer: Answer): void {
    const ready = this.prepare(answer, preferredCoding(request.headers['accept-encoding']));
    if (etagMatches(request.headers['if-none-match'], ready.etag)) {
      response.writeHead(304, ready.notModified);
      response.end();
      return;
    }
    response.writeHead(answer.status, ready.ok);
    response.end(request.method === 'HEAD' ? undefined : ready.body);
  }

  /** A member's answer made from kept bytes: theirs alone, never kept by anyone. */
  forMember(request: IncomingMessage, response: ServerResponse, answer: Answer, body: Buffer) {
    const sent = memberRepresentation(body, preferredCoding(request.headers['accept-encoding']));
    const headers = { ...this.securityHeaders, ...memberHeaders(answer, sent.coding) };
    this.send(request, response, 200, headers, sent.body);
  }

  /**
   * An error the edge answers itself (404 of another spelling, 429 over budget, 503 over the
   * cap): the JSON error of docs/product/rules.md#s3 for the API, a small HTML page for pages.
   */
  error(
    request: IncomingMessage,
    response: ServerResponse,
    status: number,
    body: ErrorBody,
    options: { retryAfterSeconds?: number; html: boolean },
  ): void {
    const headers: OutgoingHttpHeaders = {
      ...this.securityHeaders,
      'content-type': options.html ? HTML_TYPE : JSON_TYPE,
      'cache-control': PRIVATE_CACHE_CONTROL,
    };
    if (options.retryAfterSeconds !== undefined) {
      headers['retry-after'] = String(options.retryAfterSeconds);
    }
    const text = options.html ? refusalPage(body.error.message) : JSON.stringify(body);
    this.send(request, response, status, headers, Buffer.from(text));
  }

  private send(
    request: IncomingMessage,
    response: ServerResponse,
    status: number,
    headers: OutgoingHttpHeaders,
    body: Buffer,
  ): void {
    response.writeHead(status, { ...headers, 'content-length': body.length });
    response.end(request.method === 'HEAD' ? undefined : body);
  }

  private prepare(answer: Answer, coding: ContentCoding): Prepared {
    let codings = this.prepared.get(answer);
    if (codings === undefined) this.prepared.set(answer, (codings = new Map()));
    let ready = codings.get(coding);
    if (ready === undefined) {
      const cacheControl = answer.cacheControl ?? this.publicCacheControl;
      const { body, headers } = answerHeaders(answer, coding, cacheControl);
      const notModified = { ...this.securityHeaders, ...headers };
      delete notModified['content-encoding'];
      ready = {
        body,
        etag: String(headers.etag),
        ok: flat({ ...this.securityHeaders, ...headers, 'content-length': body.length }),
        notModified: flat(notModified),
      };
      codings.set(coding, ready);
    }
    return ready;
  }
}

/**
 * Every fresh answer is `private, no-store` unless its route said otherwise before sending
 * (docs/product/rules.md#s11, record 0049): a route that forgets to declare itself public costs a
 * CDN a copy, never leaks a member's answer into one.
 */
export function privateByDefault(response: ServerResponse): void {
  const writeHead = response.writeHead;
  response.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    if (!this.hasHeader('cache-control') && !headersNameCacheControl(args)) {
      this.setHeader('cache-control', PRIVATE_CACHE_CONTROL);
    }
    return (writeHead as (...parts: unknown[]) => ServerResponse).apply(this, args);
  } as ServerResponse['writeHead'];
}

function headersNameCacheControl(args: unknown[]): boolean {
  const headers = args.find((arg) => typeof arg === 'object' && arg !== null);
  if (headers === undefined) return false;
  if (Array.isArray(headers)) {
    return headers.some((name, index) => index % 2 === 0 && /^cache-control$/i.test(String(name)));
  }
  return Object.keys(headers).some((name) => /^cache-control$/i.test(name));
}

interface Prepared {
  body: Buffer;
  etag: string;
  /** Header names and values in turn (the form writeHead takes without copying). */
  ok: string[];
  notModified: string[];
}

function flat(headers: OutgoingHttpHeaders): string[] {
  return Object.entries(headers).flatMap(([name, value]) =>
    value === undefined ? [] : [name, String(value)],
  );
}
