/**
 * The journeys' Client on Node (undici's `request` on a keep-alive agent): one cookie jar per
 * virtual user, every request timed and recorded as a Sample.
 */
import { gunzipSync } from 'node:zlib';
import { Agent, type Dispatcher } from 'undici';
import {
  loadTestHeaders,
  type Answer,
  type Client,
  type Method,
  type StepOptions,
} from '../k6/lib/journeys';
import { jitteredThink } from '../k6/lib/load-model';
import type { Sample } from './figures';

export interface FailedAnswer {
  journey: string;
  step: string;
  method: Method;
  path: string;
  status: number;
  body: string;
}

export interface Recorder {
  samples: Sample[];
  failures: FailedAnswer[];
  /** Failed checks of answers that were 2xx but wrong. */
  failedChecks: Array<{ journey: string; step: string; what: string }>;
  /** Checks made per journey, passed or not (the base of the checks rate). */
  checks: Record<string, number>;
}

export function newRecorder(): Recorder {
  return { samples: [], failures: [], failedChecks: [], checks: {} };
}

export interface ClientOptions {
  baseUrl: string;
  journey: string;
  recorder: Recorder;
  thinkScale: number;
  /**
   * The target's LOAD_TEST_TOKEN, sent in X-Load-Test: the BFF's load-test mode then holds this
   * generator to no per-address budget (without it, the target lists this machine's address).
   */
  loadTestToken?: string;
  timeoutMs?: number;
  /** The virtual user's cookie jar, when several clients act for one user (one per client by default). */
  cookies?: Map<string, string>;
  /**
   * An ingress's response header naming the pod that answered (`address:port`): the sample's
   * target is then that pod, not the ingress (infra/load/ingress.ts).
   */
  podHeader?: string;
}

const MAX_FAILURE_BODY = 300;

/**
 * A connection that ended before the answer's headers (reset, or closed by the server as it was
 * reused), not one nobody listened on: browsers send the request again once on a new connection
 * then, whatever its method (Chromium's `HttpNetworkTransaction::ShouldResendRequest`: a reused
 * connection and no headers yet; Firefox does the same), since a kept-alive connection that a
 * reloading ingress or a draining server closes races the request sent on it. undici does not say
 * whether a connection was reused; every connection of this client's agent is kept alive, so it
 * resends after any such end before the headers. Chromium resends for as long as the connection
 * that failed was a reused one (when an ingress reloads, the next idle one in the pool may be
 * closing too) and relies on its pool running out of them; this client bounds it at
 * MAX_RESENDS. A refused connection (ECONNREFUSED) is the load balancer's to send elsewhere
 * (crowd-worker's failover), and an aborted one is this client's own timeout.
 */
const MAX_RESENDS = 3;

const ENDED_WITHOUT_ANSWER: ReadonlySet<string> = new Set([
  'UND_ERR_SOCKET',
  'ECONNRESET',
  'EPIPE',
]);

/**
 * One keep-alive agent per thread, shared by its virtual users as a browser's connection pool is
 * shared by its tabs. undici's `request`, not `fetch`: the generator must cost little per request
 * so that its figures measure the stack, and fetch (Headers objects, WHATWG streams, an
 * AbortSignal.timeout per request) took ~6× the CPU per request (infra/load/client-cost.ts:
 * ~320 µs against ~50 µs).
 */
const agent = new Agent();

/**
 * What browsers send: the BFF then answers from its compressed kept bytes as it does for people
 * (gzip only, which Node decompresses cheaply; `fetch` over http asked the same).
 */
const ACCEPT_ENCODING = 'gzip';

/** The answer's headers as single strings (repeated ones joined, as `fetch`'s Headers do). */
function flatHeaders(headers: Dispatcher.ResponseData['headers']): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return flat;
}

function errorCode(error: unknown): string | undefined {
  const { code } = (error ?? {}) as { code?: unknown };
  return typeof code === 'string' ? code : undefined;
}

/** A Cache-Control that lets shared caches keep the answer: one the BFF keeps for everyone. */
const PUBLIC = /(^|,)\s*public\s*(,|$)/i;

/**
 * The pod an ingress says answered, as a base URL; undefined without the header or when no pod
 * did (the ingress's own refusal). nginx lists every pod it tried, the one that answered last.
 */
function podOf(headers: Record<string, string>, name: string | undefined): string | undefined {
  const tried = name === undefined ? undefined : headers[name.toLowerCase()];
  const last = tried?.split(',').at(-1)?.trim();
  return last && /^[\d.]+:\d+$/.test(last) ? `http://${last}` : undefined;
}

export function nodeClient(options: ClientOptions): Client {
  const cookies = options.cookies ?? new Map<string, string>();
  const timeoutMs = options.timeoutMs ?? 30_000;

  function remember(setCookie: string | string[] | undefined): void {
    if (setCookie === undefined) return;
    for (const line of Array.isArray(setCookie) ? setCookie : [setCookie]) {
      const [pair, ...attributes] = line.split(';');
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      const expired = attributes.some((attribute) => /^\s*max-age\s*=\s*(0|-)/i.test(attribute));
      if (expired || value === '') cookies.delete(name);
      else cookies.set(name, value);
    }
  }

  return {
    async request(method: Method, path: string, step: StepOptions): Promise<Answer> {
      const headers: Record<string, string> = {
        accept: 'application/json',
        'accept-encoding': ACCEPT_ENCODING,
        ...loadTestHeaders(options.loadTestToken),
        ...step.headers,
      };
      if (cookies.size > 0) {
        headers.cookie = [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
      }
      const body = step.body === undefined ? undefined : JSON.stringify(step.body);
      if (body !== undefined) headers['content-type'] = 'application/json';
      const at = Date.now();
      const started = performance.now();
      let answeredAt: number | undefined;
      let timedOut = false;
      let status = 0;
      let text = '';
      let answerHeaders: Record<string, string> = {};
      // The whole exchange, retry included, within the timeout (a browser's or k6's): one timer.
      const abort = new AbortController();
      const timer = setTimeout(() => {
        timedOut = true;
        abort.abort();
      }, timeoutMs);
      for (let attempt = 1; ; attempt++) {
        let headersCame = false;
        try {
          const response = await agent.request({
            origin: options.baseUrl,
            path,
            method,
            headers,
            body,
            signal: abort.signal,
          });
          headersCame = true;
          const bytes = Buffer.from(await response.body.arrayBuffer());
          // Timed to the answer's last byte, as k6 times it: inflating it is the client's work.
          answeredAt = performance.now();
          const gzipped = response.headers['content-encoding'] === 'gzip';
          // Inflated on this thread: an answer of tens of kilobytes takes ~40 µs of CPU so, and
          // ~75–115 µs through libuv's threads (the hop, a handle per answer, its callbacks). The
          // stack under test shares the cores: the generator's CPU is the stack's loss.
          text = (gzipped ? gunzipSync(bytes) : bytes).toString();
          answerHeaders = flatHeaders(response.headers);
          status = response.statusCode;
          remember(response.headers['set-cookie']);
        } catch (error) {
          if (
            !timedOut &&
            attempt <= MAX_RESENDS &&
            !headersCame &&
            ENDED_WITHOUT_ANSWER.has(errorCode(error) ?? '')
          ) {
            continue;
          }
          text = timedOut
            ? `no answer within ${timeoutMs} ms`
            : error instanceof Error
              ? error.message
              : String(error);
        }
        break;
      }
      clearTimeout(timer);
      const ms = (answeredAt ?? performance.now()) - started;
      const ok = status >= 200 && status < 300;
      const pod = podOf(answerHeaders, options.podHeader);
      options.recorder.samples.push({
        journey: options.journey,
        step: step.step,
        status,
        ms,
        ok,
        target: pod ?? options.baseUrl,
        at,
        ...(ok && PUBLIC.test(answerHeaders['cache-control'] ?? '') ? { public: true } : {}),
        ...(timedOut ? { timedOut } : {}),
        ...(status === 503 ? { retryAfter: answerHeaders['retry-after'] !== undefined } : {}),
      });
      if (!ok) {
        options.recorder.failures.push({
          journey: options.journey,
          step: step.step,
          method,
          path,
          status,
          body: text.slice(0, MAX_FAILURE_BODY),
        });
      }
      return { status, body: text, headers: answerHeaders };
    },
    cookie(name: string): string | undefined {
      return cookies.get(name);
    },
    think(seconds: number): Promise<void> {
      const ms = jitteredThink(seconds, Math.random) * options.thinkScale * 1000;
      return ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve();
    },
    verify(step: string, passed: boolean, what: string): void {
      const { recorder, journey } = options;
      recorder.checks[journey] = (recorder.checks[journey] ?? 0) + 1;
      if (!passed) recorder.failedChecks.push({ journey, step, what });
    },
  };
}
