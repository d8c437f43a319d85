/**
 * The journeys' Client on k6: asynchronous requests on the VU's cookie jar, tagged with the
 * journey and the step, think times as k6 sleeps (varied, and scaled by THINK_SCALE), and the
 * preflight every script runs in setup().
 */
import http from 'k6/http';
import crypto from 'k6/crypto';
import exec from 'k6/execution';
import { check, sleep } from 'k6';
import { altchaPayload, type AltchaChallenge } from './altcha.ts';
import {
  loadTestHeaders,
  preflight,
  type Answer,
  type Client,
  type JourneyContext,
  type JourneyName,
  type Member,
  type Method,
} from './journeys.ts';
import { jitteredThink } from './load-model.ts';
import { settings } from './settings.ts';

const OK_STATUSES = http.expectedStatuses({ min: 200, max: 299 });

function sha256(data: Uint8Array): Uint8Array {
  const copy = data.slice();
  return new Uint8Array(crypto.sha256(copy.buffer as ArrayBuffer, 'binary'));
}

function k6Client(journey: JourneyName | 'preflight'): Client {
  return {
    async request(method: Method, path: string, options): Promise<Answer> {
      const body = options.body === undefined ? null : JSON.stringify(options.body);
      const headers: Record<string, string> = {
        ...loadTestHeaders(settings.loadTestToken),
        ...options.headers,
      };
      if (body !== null) headers['Content-Type'] = 'application/json';
      const response = await http.asyncRequest(method, `${settings.baseUrl}${path}`, body, {
        headers,
        tags: { journey, step: options.step, name: options.step },
        responseCallback: OK_STATUSES,
        timeout: '30s',
      });
      return {
        status: response.status,
        body: typeof response.body === 'string' ? response.body : '',
        headers: Object.fromEntries(
          Object.entries(response.headers).map(([name, value]) => [name.toLowerCase(), value]),
        ),
      };
    },
    cookie(name: string): string | undefined {
      const cookies = http.cookieJar().cookiesForURL(settings.baseUrl)[name];
      return cookies?.[0];
    },
    async think(seconds: number): Promise<void> {
      sleep(jitteredThink(seconds, Math.random) * settings.thinkScale);
    },
    verify(step: string, passed: boolean, what: string): void {
      check(passed, { [what]: (value) => value }, { journey, step });
    },
  };
}

/** Per VU: what the journeys have learned about the site. */
const memo: Record<string, unknown> = {};

/** This VU's member of the pool: VUs spread over the pool's accounts. */
export function poolMember(pool: readonly Member[]): Member {
  return pool[exec.vu.idInTest % pool.length];
}

export function journeyContext(
  journey: JourneyName | 'preflight',
  member?: Member,
): JourneyContext {
  return {
    client: k6Client(journey),
    random: Math.random,
    solveCaptcha: (challenge) => altchaPayload(challenge as AltchaChallenge, sha256),
    uniqueId: () => `${exec.vu.idInTest}-${exec.vu.iterationInInstance}-${Date.now().toString(36)}`,
    member,
    memo,
  };
}

/** How a cluster's operator lets this generator past the per-address budgets. */
const LOAD_TEST_MODE_ADVICE =
  'turn on the BFF\'s load-test mode for it (infra/k6/README.md, "Load-test mode"): ' +
  "helm upgrade … --set 'bff.loadTest.clients={<this machine's address>/32}', or " +
  '--set bff.loadTest.tokenSecret.name=<Secret> and run k6 with -e LOAD_TEST_TOKEN=<the token>';

/**
 * setup() of every script: stops a run that could only fail (site down, no data, a member who
 * cannot sign in, no captcha, a rate limiter counting this generator) before it produces a wall
 * of failed thresholds. k6 then exits with code 108 (aborted by the script).
 */
export async function preflightOrAbort(journeys: JourneyName[], pool?: readonly Member[]) {
  const problems = await preflight(
    journeyContext('preflight', pool?.[0]),
    journeys,
    LOAD_TEST_MODE_ADVICE,
  );
  if (problems.length > 0) exec.test.abort(`preflight failed: ${problems.join('; ')}`);
}
