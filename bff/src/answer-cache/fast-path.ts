import type {
  IncomingMessage,
  OutgoingHttpHeaders,
  RequestListener,
  Server,
  ServerResponse,
} from 'node:http';
import { carriesMemberCredentials, type SessionAuthenticator } from '../auth';
import { translateError } from '../http/api-error.filter';
import { isApiRequest, type ApiRateLimit } from '../http/api-rate-limit';
import type { Answer, ContentCoding } from './answer';
import type { AnswerCache } from './answer-cache.service';
import { answerHeaders, memberHeaders } from './answer-headers';
import { etagMatches, preferredCoding } from './negotiation';
import { memberAnswerBody, memberRepresentation } from './personal-answers';

/**
 * The fast half of the read path (docs/product/rules.md#s11): a GET or HEAD whose answer is kept is
 * sent straight from the bytes, before Express, Nest, body parsing and logging, so a visitor's read
 * costs about what a bare `node:http` server costs to send the same bytes. A member whose session
 * this replica verified moments ago gets their personal answer made from the same bytes. Everything
 * else goes on to the application unchanged. `securityHeaders` are the ones the application's
 * middleware would have added.
 */
export function installFastPath(
  server: Server,
  cache: AnswerCache,
  sessions: SessionAuthenticator,
  securityHeaders: OutgoingHttpHeaders,
  /** The built web app's hashed files by URL path (local mode), sent as they are kept. */
  assets: ReadonlyMap<string, Answer> | undefined,
  /** Counts every `/api` request, kept answers included, before anything else runs. */
  apiLimit: ApiRateLimit,
): void {
  const application = server.listeners('request') as RequestListener[];
  server.removeAllListeners('request');
  const toApplication = (request: IncomingMessage, response: ServerResponse) => {
    for (const listener of application) listener(request, response);
  };
  const route = (request: IncomingMessage, response: ServerResponse) => {
    if (isKeptQuery(request)) return readQuery(request, response);
    if (sendKept(request, response)) return;
    toApplication(request, response);
  };
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    if (!isApiRequest(request)) return route(request, response);
    const refusal = apiLimit.admit(request);
    if (refusal === null) return route(request, response);
    const headers = {
      ...securityHeaders,
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      'retry-after': String(refusal.retryAfterSeconds),
    };
    send(request, response, 429, headers, Buffer.from(JSON.stringify(refusal.body)));
  });

  /**
   * A search query (a ReactiveSearch POST) is a read: its answer is kept by its exact body.
   * The body is read here once; on a miss the application gets it already parsed, as its JSON
   * parser would have left it.
   */
  function readQuery(request: IncomingMessage, response: ServerResponse): void {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const key = queryKey(request.url!, text);
      const answer = cache.store.get(key);
      if (answer !== undefined) return sendAnswer(request, response, answer);
      const parsed = parsedBody(text);
      if (parsed instanceof Error) {
        const { status, body } = translateError(parsed);
        const bytes = Buffer.from(JSON.stringify(body));
        const headers = { ...securityHeaders, 'content-type': 'application/json; charset=utf-8' };
        return send(request, response, status, headers, bytes);
      }
      Object.assign(request, { body: parsed, _body: true, [QUERY_BODY]: text });
      toApplication(request, response);
    });
  }

  function sendKept(request: IncomingMessage, response: ServerResponse): boolean {
    const { method, url } = request;
    if ((method !== 'GET' && method !== 'HEAD') || url === undefined) return false;
    const answer = cache.store.get(url) ?? assets?.get(url);
    if (answer === undefined) return false;
    if (answer.policy.personal !== false && carriesMemberCredentials(request.headers)) {
      return sendToMember(request, response, answer);
    }
    sendAnswer(request, response, answer);
    return true;
  }

  /** Each coding of a kept answer with its headers flattened once, as writeHead takes them. */
  const prepared = new WeakMap<Answer, Map<ContentCoding, Prepared>>();

  function prepare(answer: Answer, coding: ContentCoding): Prepared {
    let codings = prepared.get(answer);
    if (codings === undefined) prepared.set(answer, (codings = new Map()));
    let ready = codings.get(coding);
    if (ready === undefined) {
      const cacheControl = answer.cacheControl ?? cache.publicCacheControl;
      const { body, headers } = answerHeaders(answer, coding, cacheControl);
      const notModified = { ...securityHeaders, ...headers };
      delete notModified['content-encoding'];
      ready = {
        body,
        etag: String(headers.etag),
        ok: flat({ ...securityHeaders, ...headers, 'content-length': body.length }),
        notModified: flat(notModified),
      };
      codings.set(coding, ready);
    }
    return ready;
  }

  function sendAnswer(request: IncomingMessage, response: ServerResponse, answer: Answer): void {
    const ready = prepare(answer, preferredCoding(request.headers['accept-encoding']));
    if (etagMatches(request.headers['if-none-match'], ready.etag)) {
      response.writeHead(304, ready.notModified);
      response.end();
      return;
    }
    response.writeHead(200, ready.ok);
    response.end(request.method === 'HEAD' ? undefined : ready.body);
  }

  /** false when only the slow path can tell who this is (accounts) or make the answer. */
  function sendToMember(request: IncomingMessage, response: ServerResponse, answer: Answer) {
    const session = sessions.verifiedSession(request.headers);
    if (session === undefined) return false;
    const values = session === null || session.discontinued ? null : session.weights;
    const body =
      values === null
        ? answer.identity
        : memberAnswerBody(answer, values, (key) => cache.store.get(key));
    if (body === undefined) return false;
    const sent = memberRepresentation(body, preferredCoding(request.headers['accept-encoding']));
    const headers = { ...securityHeaders, ...memberHeaders(answer, sent.coding) };
    send(request, response, 200, headers, sent.body);
    return true;
  }

  function send(
    request: IncomingMessage,
    response: ServerResponse,
    status: number,
    headers: OutgoingHttpHeaders,
    body: Buffer,
  ): void {
    response.writeHead(status, { ...headers, 'content-length': body.length });
    response.end(request.method === 'HEAD' ? undefined : body);
  }
}

/** ReactiveSearch's query endpoints (docs/product/rules.md#s9); their bodies are small JSON. */
const QUERY_PATH = /^\/api\/search\/[a-z]+\/_reactivesearch(\.v3)?(\?|$)/;
const QUERY_MAX_BYTES = 64 * 1024;

/** Where the fast path leaves a query's exact body for the route that keeps its answer. */
export const QUERY_BODY = Symbol('query body');

/** The key of a kept search answer: the endpoint and the exact body asked. */
export function queryKey(url: string, body: string): string {
  return `POST ${url}\n${body}`;
}

/** A JSON query of known, bounded length, neither compressed nor chunked of unknown size. */
function isKeptQuery(request: IncomingMessage): boolean {
  if (request.method !== 'POST' || !QUERY_PATH.test(request.url ?? '')) return false;
  const { headers } = request;
  const length = Number(headers['content-length']);
  return (
    headers['content-encoding'] === undefined &&
    /^application\/json\b/i.test(headers['content-type'] ?? '') &&
    Number.isInteger(length) &&
    length > 0 &&
    length <= QUERY_MAX_BYTES
  );
}

/** The parsed body, or the error Express's JSON parser would have raised for it. */
function parsedBody(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return Object.assign(new Error('The request body is not valid JSON.'), {
      type: 'entity.parse.failed',
      status: 400,
    });
  }
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
