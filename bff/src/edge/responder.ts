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
/** Error headers kept flattened, at most (JSON or HTML × the `Retry-After` values met). */
const MAX_ERROR_KINDS = 64;
const HTML_TYPE = 'text/html; charset=utf-8';

/**
 * The one place the edge writes an answer (decision 0049): status, the security headers, caching
 * headers, the coding and the error body, for kept answers and the edge's own refusals alike.
 * Fresh answers are written by their route with the same headers (`answerHeaders`, helmet's) and
 * are `private, no-store` unless the route declared them public (`privateByDefault`).
 */
export class Responder {
  /** Each coding of a kept answer with its headers flattened once, as writeHead takes them. */
  private readonly prepared = new WeakMap<Answer, Map<ContentCoding, Prepared>>();
  /** The same for members' answers made from a kept one: its headers, without the length. */
  private readonly forMembers = new WeakMap<Answer, Map<ContentCoding, string[]>>();
  /** Errors' headers by kind (a few: JSON or HTML, with or without a `Retry-After`). */
  private readonly errors = new Map<string, string[]>();

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
    const headers = perCoding(this.forMembers, answer, sent.coding, () =>
      flat({ ...this.securityHeaders, ...memberHeaders(answer, sent.coding) }),
    );
    send(request, response, 200, headers, sent.body);
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
    const text = options.html
      ? refusalPage(body.error.message, options.retryAfterSeconds)
      : JSON.stringify(body);
    const headers = this.errorHeadersOf(options.html, options.retryAfterSeconds);
    send(request, response, status, headers, Buffer.from(text));
  }

  /**
   * An error's headers, flattened once per kind (a shed under load is answered many times a
   * second: its headers are not built and checked again for each).
   */
  private errorHeadersOf(html: boolean, retryAfterSeconds: number | undefined): string[] {
    const kind = `${html ? 'html' : 'json'} ${retryAfterSeconds ?? ''}`;
    let headers = this.errors.get(kind);
    if (headers === undefined) {
      headers = flat({
        ...this.securityHeaders,
        'content-type': html ? HTML_TYPE : JSON_TYPE,
        'cache-control': PRIVATE_CACHE_CONTROL,
        ...(retryAfterSeconds === undefined ? {} : { 'retry-after': String(retryAfterSeconds) }),
      });
      // A budget's 429 says its own wait: the kinds are few, but not a fixed set.
      if (this.errors.size < MAX_ERROR_KINDS) this.errors.set(kind, headers);
    }
    return headers;
  }

  private prepare(answer: Answer, coding: ContentCoding): Prepared {
    return perCoding(this.prepared, answer, coding, () => {
      const cacheControl = answer.cacheControl ?? this.publicCacheControl;
      const { body, headers } = answerHeaders(answer, coding, cacheControl);
      const notModified = { ...this.securityHeaders, ...headers };
      delete notModified['content-encoding'];
      return {
        body,
        etag: String(headers.etag),
        ok: flat({ ...this.securityHeaders, ...headers, 'content-length': body.length }),
        notModified: flat(notModified),
      };
    });
  }
}

/** What `make` gives for this answer in this coding, made once and kept with the answer. */
function perCoding<T>(
  kept: WeakMap<Answer, Map<ContentCoding, T>>,
  answer: Answer,
  coding: ContentCoding,
  make: () => T,
): T {
  let codings = kept.get(answer);
  if (codings === undefined) kept.set(answer, (codings = new Map()));
  let made = codings.get(coding);
  if (made === undefined) codings.set(coding, (made = make()));
  return made;
}

/** Headers flattened once (`flat`), with this body's length, then the body unless `HEAD`. */
function send(
  request: IncomingMessage,
  response: ServerResponse,
  status: number,
  headers: string[],
  body: Buffer,
): void {
  response.writeHead(status, headers.concat('content-length', String(body.length)));
  response.end(request.method === 'HEAD' ? undefined : body);
}

/**
 * Every fresh answer is `private, no-store` unless its route said otherwise before sending
 * (docs/product/rules.md#s11, decision 0049): a route that forgets to declare itself public costs a
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
