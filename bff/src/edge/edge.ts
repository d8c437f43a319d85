import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';
import type { ErrorBody, PublicDataDomain, SearchApp } from '@upright/contracts';
import { makeAnswer, type Answer, type AnswerPolicy } from '../answer-cache/answer';
import type { AnswerCache } from '../answer-cache/answer-cache.service';
import { memberAnswerBody } from '../answer-cache/personal-answers';
import { isSharedKey } from '../answer-cache/shared-answer';
import { QUERY_BODY, queryKey } from '../answer-cache/query-key';
import { carriesMemberCredentials, type SessionAuthenticator } from '../auth';
import { type Admission, SHED_MESSAGE, SHED_RETRY_AFTER_SECONDS } from '../http/admission';
import { translateError } from '../http/api-error.filter';
import type { AcceptBacklog } from '../http/accept-backlog';
import type { LoopPressure } from '../http/loop-pressure';
import { isApiRequest, type ClientBudget } from '../http/client-budget';
import type { ParsedReactiveSearchBody } from '../search/reactivesearch-body';
import type { SearchQueries } from '../search/search-queries';
import type { KeptRoutes } from './kept-routes';
import { getInProcess, type InProcessAnswer } from './in-process';
import { isOperationsPath } from './ops-server';
import { privateByDefault, type Responder } from './responder';
import { leaderFailed, SingleFlight } from './single-flight';

export interface EdgeParts {
  cache: AnswerCache;
  sessions: SessionAuthenticator;
  responder: Responder;
  /** The built web app's hashed files by URL path (local mode), kept like answers. */
  assets: ReadonlyMap<string, Answer> | undefined;
  /** The public API routes and the query parameters each reads. */
  apiRoutes: KeptRoutes;
  /** A page's location as it is kept and rendered (the web's route table); identity without one. */
  pageLocation: (url: string) => string;
  /** Every `/api` request of a client, in any spelling, kept answers included. */
  apiBudget: ClientBudget;
  admission: Admission;
  /** Whether the event loop has stayed late (null: not watched); then requests are shed first. */
  pressure: Pick<LoopPressure, 'sheds'> | null;
  /** Whether connections wait to be accepted (null: not watched); then served ones are shed. */
  backlog: Pick<AcceptBacklog, 'sheds'> | null;
  /** Search queries whose answer is anyone's are run here, without the application. */
  searchQueries: Pick<SearchQueries, 'alikeFor' | 'answerAlike'>;
  /** Fresh answers the edge makes itself are counted as the application counts its own. */
  observeHttp: (route: string, method: string, status: number, seconds: number) => void;
}

/** The search route's policy (its `@PublicAnswer`): anyone's answer, moved by the index. */
const SEARCH_ANSWER: AnswerPolicy = { domain: 'search', personal: false };
const NOT_FOUND: ErrorBody = { error: { code: 'not_found', message: 'No such address.' } };
const BUSY: ErrorBody = { error: { code: 'service_unavailable', message: SHED_MESSAGE } };

/**
 * The BFF's one way in (record 0049), in the order a request meets it:
 *
 * 0. a loop that has stayed late (record 0061), or connections left waiting to be accepted while
 *    this one was served before (record 0063): 503 with `Retry-After` before any work, except
 *    for the web app's files (a page whose script is refused cannot retry it);
 * 1. exact paths: metrics and health are not here (their own port, `serveOperations`); `/API/…`
 *    in another case is counted by the API budget, then answered 404 (Express would route it
 *    case-insensitively around the budget);
 * 2. the per-client API budget (429 with `Retry-After`);
 * 3. the canonical URL: a kept route's path and only the query parameters it reads, so tracking
 *    parameters neither reach the route nor make a key of their own;
 * 4. the kept store, by that URL: a hit is sent from ready bytes; misses of one key are merged
 *    (single flight) so N concurrent misses make one answer; the flight's leader first asks the
 *    answers the replicas share (record 0057), so a key is made once across replicas too; when
 *    the leader failed (5xx), its followers are answered 503 with `Retry-After` at once rather
 *    than each waiting as long again for the same failure;
 * 5. fresh work, capped per replica (503 with `Retry-After` beyond it, never a queue), then the
 *    application: Nest's routes and the page server, which count and cap renders themselves;
 * 6. one responder writing kept answers and refusals; fresh answers `private, no-store` unless
 *    their route declared them public.
 *
 * It returns the page renderer's way to the same answers: an in-process GET that enters at step 3
 * (the render it serves was counted and capped already) and is never a client's.
 */
export function installEdge(
  server: Server,
  parts: EdgeParts,
): (url: string) => Promise<InProcessAnswer> {
  const { cache, responder, admission } = parts;
  const application = server.listeners('request') as RequestListener[];
  server.removeAllListeners('request');
  const flights = new SingleFlight();
  const inProcess = new WeakSet<IncomingMessage>();

  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    if (parts.assets?.has(request.url!) !== true) {
      // Both are asked: each counts what it saw (arrivals, served connections).
      const late = parts.pressure?.sheds() === true;
      if (parts.backlog?.sheds(request.socket) === true || late) return shed(request, response);
    }
    if (isOperationsPath(request.url!)) {
      return responder.error(request, response, 404, NOT_FOUND, { html: false });
    }
    if (isApiRequest(request)) {
      const refusal = parts.apiBudget.admit(request);
      if (refusal !== null) {
        const { retryAfterSeconds, body } = refusal;
        return responder.error(request, response, 429, body, { retryAfterSeconds, html: false });
      }
      if (!request.url!.startsWith('/api')) {
        return responder.error(request, response, 404, NOT_FOUND, { html: false });
      }
    }
    if (isKeptQuery(request)) return readQuery(request, response);
    if (request.method !== 'GET' && request.method !== 'HEAD') return fresh(request, response);
    const url = request.url!;
    const key = isApiRequest(request)
      ? (parts.apiRoutes.canonical(url) ?? url)
      : parts.pageLocation(url);
    request.url = key;
    serve(request, response, key);
  });

  return (url) =>
    getInProcess(parts.apiRoutes.canonical(url) ?? url, (request, response) => {
      inProcess.add(request);
      serve(request, response, request.url!);
    });

  /** From kept bytes, after the leader of this key when one is making them; else fresh. */
  function serve(request: IncomingMessage, response: ServerResponse, key: string): void {
    const answer = cache.store.get(key) ?? parts.assets?.get(key);
    if (answer !== undefined) {
      if (sendKept(request, response, answer)) return;
      return fresh(request, response);
    }
    const leader = flights.inFlight(key);
    if (leader === undefined) return lead(request, response, key);
    void leader.then((leaderStatus) => {
      const made = cache.store.get(key);
      if (made !== undefined && sendKept(request, response, made)) return;
      if (made === undefined && leaderFailed(leaderStatus)) return refuseFresh(request, response);
      fresh(request, response);
    });
  }

  /**
   * The first miss of a key here: another replica's answer from the shared store, or the one this
   * replica makes (and then shares). Only the leader asks Redis; its followers wait for it.
   */
  function lead(request: IncomingMessage, response: ServerResponse, key: string): void {
    const end = flights.lead(key);
    const domain = sharedDomain(request, key);
    const claim = domain === null ? null : cache.shared.claim(key, domain);
    if (claim === null) return fresh(request, response, end);
    // The flight (and the lock, when this replica makes the answer) ends with the response, even
    // one whose client left while Redis was asked.
    let closed = false;
    let made: (() => void) | undefined;
    response.once('close', () => {
      closed = true;
      made?.();
      end(response.statusCode);
    });
    void claim.then((claimed) => {
      if (claimed.kind === 'make') {
        if (closed) return claimed.made();
        made = claimed.made;
        return fresh(request, response);
      }
      if (!closed && !sendKept(request, response, claimed.answer)) fresh(request, response);
    });
  }

  /**
   * The domain of an API answer that is kept, so shared; null for anything else. Pages are not
   * shared: their HTML names the web build's asset files, and a replica of another release (a
   * rolling deploy) or one serving the API only must make its own.
   */
  function sharedDomain(request: IncomingMessage, key: string): PublicDataDomain | null {
    return isApiRequest(request) && isSharedKey(key) ? parts.apiRoutes.domainOf(key) : null;
  }

  /** false when only the application can tell who this is (accounts) or make their answer. */
  function sendKept(request: IncomingMessage, response: ServerResponse, answer: Answer): boolean {
    if (answer.policy.personal === false || !carriesMemberCredentials(request.headers)) {
      responder.kept(request, response, answer);
      return true;
    }
    const session = parts.sessions.verifiedSession(request.headers);
    if (session === undefined) return false;
    const values = session === null || session.discontinued ? null : session.weights;
    const body =
      values === null
        ? answer.identity
        : memberAnswerBody(answer, values, (key) => cache.store.get(key));
    if (body === undefined) return false;
    responder.forMember(request, response, answer, body);
    return true;
  }

  /** Work the application does; `end` closes this key's flight once the answer is sent. */
  function fresh(
    request: IncomingMessage,
    response: ServerResponse,
    end?: (status: number) => void,
  ): void {
    const release = inProcess.has(request) ? () => undefined : admission.enter('fresh');
    if (release === null) {
      end?.(503);
      return shed(request, response);
    }
    response.once('close', () => {
      release();
      end?.(response.statusCode);
    });
    privateByDefault(response);
    for (const listener of application) listener(request, response);
  }

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
      if (answer !== undefined) return responder.kept(request, response, answer);
      // A new query meeting a full lane is refused before its body is parsed and checked: a
      // refusal must cost far less than an answer, or clients asking again at once keep the loop
      // busy refusing them while the admitted queries wait behind (a third of the loop was spent
      // so in the search bench's never-asked run).
      if (flights.inFlight(key) === undefined && admission.full('fresh')) {
        return refuseFresh(request, response);
      }
      const parsed = parsedBody(text);
      if (parsed instanceof Error) {
        const { status, body } = translateError(parsed);
        return responder.error(request, response, status, body, { html: false });
      }
      const [, app, v3] = QUERY_PATH.exec(request.url!)!;
      const alike = carriesMemberCredentials(request.headers)
        ? null
        : parts.searchQueries.alikeFor(app, parsed);
      if (alike !== null) {
        const route = `/api/search/:app/_reactivesearch${v3 ?? ''}`;
        return answerQuery(request, response, { key, app: app as SearchApp, route }, alike);
      }
      Object.assign(request, { body: parsed, _body: true, [QUERY_BODY]: text });
      fresh(request, response);
    });
  }

  /**
   * A visitor's query whose answer is anyone's (decision 0060): run on the search service from
   * here, under the fresh lane's admission and this key's single flight, kept under the version
   * read before asking, and sent as a kept answer is. Members' queries, recorded searches and
   * bodies the route must explain go to the application.
   */
  function answerQuery(
    request: IncomingMessage,
    response: ServerResponse,
    query: { key: string; app: SearchApp; route: string },
    parsed: ParsedReactiveSearchBody,
  ): void {
    const { key, app, route } = query;
    const leader = flights.inFlight(key);
    if (leader !== undefined) {
      void leader.then((leaderStatus) => {
        const made = cache.store.get(key);
        if (made !== undefined) responder.kept(request, response, made);
        else if (leaderFailed(leaderStatus)) refuseFresh(request, response);
        else answerQuery(request, response, query, parsed);
      });
      return;
    }
    const release = admission.enter('fresh');
    if (release === null) return shed(request, response);
    const end = flights.lead(key);
    const started = performance.now();
    let closed = false;
    response.once('close', () => {
      closed = true;
      release();
      end(response.statusCode);
      parts.observeHttp(route, 'POST', response.statusCode, (performance.now() - started) / 1000);
    });
    const version = cache.store.versionOf(SEARCH_ANSWER.domain);
    cache.store.noteMiss();
    parts.searchQueries.answerAlike(app, parsed).then(
      (results) => {
        const answer = makeAnswer(JSON.stringify(results), SEARCH_ANSWER);
        if (version !== null) cache.store.set(key, answer, version);
        if (!closed) responder.kept(request, response, answer);
      },
      (error: unknown) => {
        if (closed) return;
        const { status, body, retryAfter } = translateError(error);
        const options = { retryAfterSeconds: retryAfter, html: false };
        responder.error(request, response, status, body, options);
      },
    );
  }

  /**
   * Fresh work refused without entering the lane, counted with its refusals: a follower whose
   * leader failed (`leaderFailed`: asking again would wait as long for the same failure), or a new
   * query met by a full lane before its body is read further.
   */
  function refuseFresh(request: IncomingMessage, response: ServerResponse): void {
    admission.refuse('fresh');
    shed(request, response);
  }

  /** 503 with `Retry-After` at once: the loop is late or the fresh lane at its limit (no queue). */
  function shed(request: IncomingMessage, response: ServerResponse): void {
    const html = !isApiRequest(request);
    const retryAfterSeconds = SHED_RETRY_AFTER_SECONDS;
    responder.error(request, response, 503, BUSY, { retryAfterSeconds, html });
  }
}

/** ReactiveSearch's query endpoints (docs/product/rules.md#s9); their bodies are small JSON. */
const QUERY_PATH = /^\/api\/search\/([a-z]+)\/_reactivesearch(\.v3)?(\?|$)/;

const QUERY_MAX_BYTES = 64 * 1024;

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
