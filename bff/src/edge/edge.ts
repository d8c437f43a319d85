import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';
import type { ErrorBody } from '@upright/contracts';
import type { Answer } from '../answer-cache/answer';
import type { AnswerCache } from '../answer-cache/answer-cache.service';
import { memberAnswerBody } from '../answer-cache/personal-answers';
import { carriesMemberCredentials, type SessionAuthenticator } from '../auth';
import { type Admission, SHED_BODY, SHED_RETRY_AFTER_SECONDS } from '../shared/admission';
import type { ClientBudget } from '../auth/client-budget';
import { getInProcess } from './in-process';
import { privateByDefault, type Responder } from './responder';
import { parseTarget, type Route, type RouteTable } from './route-table';
import { leaderFailed, SingleFlight } from './single-flight';

export interface EdgeParts {
  cache: AnswerCache;
  sessions: SessionAuthenticator;
  responder: Responder;
  /** Every path the BFF answers, and the key each is kept under. */
  routes: RouteTable;
  /** Every `/api` request of a client, kept answers included. */
  apiBudget: ClientBudget;
  /** Fresh work at once per replica: the one way the BFF sheds. */
  admission: Admission;
}

const BAD_TARGET: ErrorBody = {
  error: { code: 'validation_failed', message: 'The request target must be a path.' },
};
const NOT_FOUND: ErrorBody = { error: { code: 'not_found', message: 'No such address.' } };

/**
 * The BFF's one way in (decision 0049), its steps in the order a request meets them:
 *
 * 1. `target`: the request target parsed once, origin-form only (an absolute-form target or one
 *    with `#` is a 400); that one path is what the budget, the route, the key and the handler see;
 * 2. `budget`: every `/api` request of a client counted (429 with `Retry-After`); `/API/…` in
 *    another case is counted, then 404 (no spelling goes around the budget);
 * 3. `route`: the route table's key, a kept route's path and only the query it reads;
 * 4. `serve`: the kept store by that key, always sent (it costs less than a refusal); misses of
 *    one key merged (single flight), the leader asking the replicas' shared store first;
 * 5. `fresh`: work the application does, admitted within the replica's limit (503 with
 *    `Retry-After` beyond it, never a queue), then Nest's routes and the page server.
 *
 * `get` is the page renderer's way to the same answers: an in-process GET entering at step 3,
 * never a client's, never counted or refused.
 */
export class Edge {
  private readonly flights = new SingleFlight();
  private readonly inProcess = new WeakSet<IncomingMessage>();

  private constructor(
    private readonly parts: EdgeParts,
    private readonly application: RequestListener[],
  ) {}

  /** Puts the edge in front of the server's own request listeners (Express's). */
  static install(server: Server, parts: EdgeParts): Edge {
    const edge = new Edge(parts, server.listeners('request') as RequestListener[]);
    server.removeAllListeners('request');
    server.on('request', edge.handle);
    return edge;
  }

  readonly handle = (request: IncomingMessage, response: ServerResponse): void => {
    const target = parseTarget(request.url);
    if (target === null) return this.error(request, response, 400, BAD_TARGET);
    if (target.api && !this.budget(request, response, target.exactApi)) return;
    const read = request.method === 'GET' || request.method === 'HEAD';
    if (!read) return this.fresh(request, response);
    const route = this.parts.routes.route(target);
    request.url = route.url;
    this.serve(request, response, route);
  };

  get(url: string): Promise<Response> {
    const target = parseTarget(url);
    if (target === null) throw new Error(`not a path: ${url}`);
    const route = this.parts.routes.route(target);
    return getInProcess(route.url, (request, response) => {
      this.inProcess.add(request);
      this.serve(request, response, route);
    });
  }

  /** False when the request was answered: over the client's budget, or `/api` misspelt. */
  private budget(request: IncomingMessage, response: ServerResponse, exact: boolean): boolean {
    const refusal = this.parts.apiBudget.admit(request);
    if (refusal !== null) {
      const { retryAfterSeconds, body } = refusal;
      this.error(request, response, 429, body, retryAfterSeconds);
      return false;
    }
    if (!exact) this.error(request, response, 404, NOT_FOUND);
    return exact;
  }

  /** From kept bytes, after the leader of this key when one is making them; else fresh. */
  private serve(request: IncomingMessage, response: ServerResponse, route: Route): void {
    let key = route.url;
    let answer = this.kept(key);
    if (answer === undefined) {
      key = this.parts.routes.keyOnMiss(route);
      if (key !== route.url) answer = this.kept(key);
    }
    if (answer !== undefined) {
      if (this.sendKept(request, response, answer)) return;
      return this.fresh(request, response);
    }
    const leader = this.flights.inFlight(key);
    if (leader === undefined) return this.lead(request, response, key, route);
    void leader.then((leaderStatus) => {
      const made = this.kept(key);
      if (made !== undefined && this.sendKept(request, response, made)) return;
      if (made === undefined && leaderFailed(leaderStatus)) return this.refuse(request, response);
      this.fresh(request, response);
    });
  }

  private kept(key: string): Answer | undefined {
    return this.parts.cache.store.get(key) ?? this.parts.routes.asset(key);
  }

  /**
   * The first miss of a key here: another replica's answer from the shared store (API answers
   * only: a page names its release's asset files), or the one this replica makes and shares.
   */
  private lead(request: IncomingMessage, response: ServerResponse, key: string, route: Route) {
    const end = this.flights.lead(key);
    const claim = route.shared === null ? null : this.parts.cache.shared.claim(key, route.shared);
    if (claim === null) return this.fresh(request, response, end);
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
        return this.fresh(request, response);
      }
      if (!closed && !this.sendKept(request, response, claimed.answer)) {
        this.fresh(request, response);
      }
    });
  }

  /** False when only the application can tell who this is (accounts) or make their answer. */
  private sendKept(request: IncomingMessage, response: ServerResponse, answer: Answer): boolean {
    const { responder, sessions, cache } = this.parts;
    if (answer.policy.personal === false || !carriesMemberCredentials(request.headers)) {
      responder.kept(request, response, answer);
      return true;
    }
    const session = sessions.verifiedSession(request.headers);
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
  private fresh(
    request: IncomingMessage,
    response: ServerResponse,
    end?: (status: number) => void,
  ): void {
    const release = this.inProcess.has(request) ? () => undefined : this.parts.admission.enter();
    if (release === null) {
      end?.(503);
      return this.shed(request, response);
    }
    response.once('close', () => {
      release();
      end?.(response.statusCode);
    });
    privateByDefault(response);
    for (const listener of this.application) listener(request, response);
  }

  /** A follower whose leader failed: asking again would wait as long for the same failure. */
  private refuse(request: IncomingMessage, response: ServerResponse): void {
    this.parts.admission.refuse();
    this.shed(request, response);
  }

  /** 503 with `Retry-After` at once: the replica is at its limit of fresh work (no queue). */
  private shed(request: IncomingMessage, response: ServerResponse): void {
    this.error(request, response, 503, SHED_BODY, SHED_RETRY_AFTER_SECONDS);
  }

  private error(
    request: IncomingMessage,
    response: ServerResponse,
    status: number,
    body: ErrorBody,
    retryAfterSeconds?: number,
  ): void {
    // The API's error JSON for anything aimed at it, a refused target too; a small page otherwise.
    const html = !/^\/api([/?#]|$)/i.test(request.url ?? '');
    this.parts.responder.error(request, response, status, body, { retryAfterSeconds, html });
  }
}
