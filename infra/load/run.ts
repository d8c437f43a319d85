/**
 * `make load` / `make load-smoke`: the k6 journeys (infra/k6/lib/journeys.ts) driven from Node
 * against the local stack, printing throughput, p50/p95/p99 and errors per journey and step.
 *
 * Target: LOAD_BASE_URL, else `make up`'s http://localhost:8080 when it answers, else a stack
 * this run starts itself (local-stack.ts). `--smoke`: always its own stack, a few seconds, no
 * think time; exits non-zero on any error.
 *
 * Open model, as k6's arrival-rate executors: iterations start at LOAD_RATE per second (default
 * the k6 mix's 10) in the production mix (JOURNEY_MIX) for LOAD_SECONDS, whether or not earlier
 * ones have finished; starts beyond LOAD_MAX_CONCURRENT (default: the VUs k6 would allow, from
 * load-model.ts) are dropped and reported. LOAD_THINK_SCALE scales think times (default 1, as k6).
 * Member sessions sign in as a pool of LOAD_MEMBERS members signed up first (or MEMBER_EMAIL).
 *
 * One machine is one client address: the target holds it to no per-address budget only in the
 * BFF's load-test mode (`LOAD_TEST_CLIENTS=127.0.0.1 make up`; the stack of its own starts so),
 * or with LOAD_TEST_TOKEN exported here, sent in X-Load-Test. The preflight stops otherwise.
 *
 * Before measuring, the preflight of the k6 scripts stops a run that could only fail; then each
 * journey runs once: one that meets a route not built yet (404 "Cannot GET …") is reported as not
 * run; any other failure counts as an error. The k6 thresholds are reported per journey, and a
 * crossed one exits 99, as k6 does.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  JOURNEY_FUNCTIONS,
  JOURNEY_MIX,
  JOURNEYS,
  newMember,
  preflight,
  signUpMember,
  type JourneyContext,
  type JourneyName,
  type Member,
} from '../k6/lib/journeys';
import { DEFAULT_MIX_RATE, vusFor } from '../k6/lib/load-model';
import { CaptchaSolver } from './captcha-solver';
import { errorBreakdown, groupFigures, summarize, type Figures, type Sample } from './figures';
import { newRecorder, nodeClient, type FailedAnswer, type Recorder } from './http-client';
import { startLocalStack, type LocalStack } from './local-stack';
import { evaluateThresholds, type ThresholdOutcome } from './thresholds';

const smoke = process.argv.includes('--smoke');

function numberSetting(name: string, fallback: number): number {
  const text = process.env[name];
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a number ≥ 0`);
  return value;
}

/** Smoke runs every journey at an equal share, so each one is exercised a few times. */
function shares(): Record<JourneyName, number> {
  if (!smoke) return JOURNEY_MIX;
  return Object.fromEntries(JOURNEYS.map((journey) => [journey, 1 / JOURNEYS.length])) as Record<
    JourneyName,
    number
  >;
}

const rate = numberSetting('LOAD_RATE', smoke ? 6 : DEFAULT_MIX_RATE);
const thinkScale = numberSetting('LOAD_THINK_SCALE', smoke ? 0 : 1);
/** As k6's maxVUs: twice the VUs each journey's share of the rate needs (load-model.ts). */
const sizedConcurrency = JOURNEYS.reduce(
  (sum, journey) => sum + 2 * vusFor(journey, rate * shares()[journey], thinkScale),
  0,
);

const settings = {
  seconds: numberSetting('LOAD_SECONDS', smoke ? 5 : 30),
  rate,
  thinkScale,
  maxConcurrent: numberSetting('LOAD_MAX_CONCURRENT', sizedConcurrency),
  members: numberSetting('LOAD_MEMBERS', smoke ? 1 : 3),
};

/** How the target lets this generator past the per-address budgets (the BFF's load-test mode). */
const LOAD_TEST_MODE_ADVICE =
  'start `make up` in load-test mode: `LOAD_TEST_CLIENTS=127.0.0.1 make up` ' +
  "(for LOAD_BASE_URL: list this machine's address in its LOAD_TEST_CLIENTS, or export its " +
  'LOAD_TEST_TOKEN here)';

const ROUTE_NOT_BUILT = /"Cannot (GET|POST|PUT) /;

interface Runner {
  baseUrl: string;
  solver: CaptchaSolver;
  /** The members member sessions sign in as, one after the other. */
  members: Member[];
  nextVisitor: number;
  nextId: number;
}

function context(
  runner: Runner,
  journey: JourneyName | 'preflight',
  recorder: Recorder,
): JourneyContext {
  const visitor = runner.nextVisitor++;
  return {
    client: nodeClient({
      baseUrl: runner.baseUrl,
      journey,
      recorder,
      thinkScale: settings.thinkScale,
      loadTestToken: process.env.LOAD_TEST_TOKEN || undefined,
    }),
    random: Math.random,
    solveCaptcha: (challenge) => runner.solver.solve(challenge),
    uniqueId: () => `${Date.now().toString(36)}-${process.pid}-${runner.nextId++}`,
    member: runner.members.length > 0 ? runner.members[visitor % runner.members.length] : undefined,
    memo: {},
  };
}

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(2000) })).ok;
  } catch {
    return false;
  }
}

interface Probe {
  runnable: JourneyName[];
  notBuilt: Array<{ journey: JourneyName; failures: FailedAnswer[] }>;
  broken: Array<{ journey: JourneyName; failures: FailedAnswer[] }>;
}

/** One unmeasured iteration per journey: which ones the stack can serve yet. */
async function probe(runner: Runner): Promise<Probe> {
  const result: Probe = { runnable: [], notBuilt: [], broken: [] };
  const recorder = newRecorder();
  // The member journey needs a pool of members: sign them up (captcha solved) unless one was given.
  let memberFailures: FailedAnswer[] = [];
  for (let i = 0; runner.members.length === 0 && i < settings.members; i++) {
    const member = newMember(`member-${Date.now().toString(36)}-${process.pid}-${i}`);
    if (await signUpMember(context(runner, 'signup', recorder), member)) {
      runner.members.push(member);
    } else {
      memberFailures = recorder.failures.splice(0);
      break;
    }
  }
  if (memberFailures.length > 0) runner.members.length = 0;
  const classify = (journey: JourneyName, failures: FailedAnswer[]) => {
    if (failures.length === 0) result.runnable.push(journey);
    else if (
      failures.every((failure) => failure.status === 404 && ROUTE_NOT_BUILT.test(failure.body))
    )
      result.notBuilt.push({ journey, failures });
    else result.broken.push({ journey, failures });
  };
  for (const journey of JOURNEYS) {
    if (journey === 'member_session' && runner.members.length === 0) {
      classify(journey, memberFailures);
      continue;
    }
    const failuresBefore = recorder.failures.length;
    const checksBefore = recorder.failedChecks.length;
    try {
      await JOURNEY_FUNCTIONS[journey](context(runner, journey, recorder));
    } catch (error) {
      recorder.failures.push({
        journey,
        step: '(journey)',
        method: 'GET',
        path: '',
        status: 0,
        body: error instanceof Error ? error.message : String(error),
      });
    }
    const wrongAnswers = recorder.failedChecks.slice(checksBefore).map((check) => ({
      journey,
      step: check.step,
      method: 'GET' as const,
      path: '',
      status: 200,
      body: `check failed: ${check.what}`,
    }));
    classify(journey, [...recorder.failures.slice(failuresBefore), ...wrongAnswers]);
  }
  return result;
}

interface Measured {
  recorder: Recorder;
  seconds: number;
  started: Record<string, number>;
  dropped: Record<string, number>;
}

async function measure(runner: Runner, journeys: JourneyName[]): Promise<Measured> {
  const recorder = newRecorder();
  const started: Record<string, number> = {};
  const dropped: Record<string, number> = {};
  const inFlight = new Set<Promise<void>>();
  const weights = shares();
  const totalShare = journeys.reduce((sum, journey) => sum + weights[journey], 0);
  const schedule = journeys.map((journey) => ({
    journey,
    interval: 1000 / ((settings.rate * weights[journey]) / totalShare),
    next: 0,
  }));
  const begin = performance.now();
  const windowMs = settings.seconds * 1000;
  while (true) {
    const now = performance.now() - begin;
    const due = schedule.filter((entry) => entry.next <= now && entry.next < windowMs);
    for (const entry of due) {
      entry.next += entry.interval;
      if (inFlight.size >= settings.maxConcurrent) {
        dropped[entry.journey] = (dropped[entry.journey] ?? 0) + 1;
        continue;
      }
      started[entry.journey] = (started[entry.journey] ?? 0) + 1;
      const iteration = JOURNEY_FUNCTIONS[entry.journey](context(runner, entry.journey, recorder))
        .catch((error: unknown) => {
          recorder.samples.push({
            journey: entry.journey,
            step: '(journey)',
            status: 0,
            ms: 0,
            ok: false,
          });
          recorder.failures.push({
            journey: entry.journey,
            step: '(journey)',
            method: 'GET',
            path: '',
            status: 0,
            body: error instanceof Error ? error.message : String(error),
          });
        })
        .finally(() => inFlight.delete(iteration));
      inFlight.add(iteration);
    }
    const pending = schedule.filter((entry) => entry.next < windowMs);
    if (pending.length === 0) break;
    const wait = Math.min(...pending.map((entry) => entry.next)) - (performance.now() - begin);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, wait)));
  }
  await Promise.all(inFlight);
  return { recorder, seconds: (performance.now() - begin) / 1000, started, dropped };
}

function formatRow(label: string, figures: Figures, extra = ''): string {
  return [
    label.padEnd(44),
    String(figures.requests).padStart(8),
    figures.rate.toFixed(1).padStart(8),
    figures.p50.toFixed(1).padStart(8),
    figures.p95.toFixed(1).padStart(8),
    figures.p99.toFixed(1).padStart(8),
    figures.max.toFixed(1).padStart(8),
    String(figures.errors).padStart(7),
    extra,
  ].join(' ');
}

const HEADER = `${'what'.padEnd(44)} ${'requests'.padStart(8)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'max ms'.padStart(8)} ${'errors'.padStart(7)}`;

/** The k6 thresholds of every journey that ran, as k6 reports them. */
function thresholds(measured: Measured, journeys: JourneyName[]): ThresholdOutcome[] {
  const { recorder } = measured;
  return journeys.flatMap((journey) => {
    const samples = recorder.samples.filter((sample) => sample.journey === journey);
    return evaluateThresholds(journey, {
      figures: summarize(samples, measured.seconds),
      expected: summarize(
        samples.filter((sample) => sample.ok),
        measured.seconds,
      ),
      checks: recorder.checks[journey] ?? 0,
      failedChecks: recorder.failedChecks.filter((check) => check.journey === journey).length,
      dropped: measured.dropped[journey] ?? 0,
    });
  });
}

function report(
  probeResult: Probe,
  measured: Measured,
  outcomes: ThresholdOutcome[],
  target: string,
): void {
  const { samples } = measured.recorder;
  const byJourney = groupFigures(samples, measured.seconds, (sample) => sample.journey);
  const byStep = groupFigures(samples, measured.seconds, (s: Sample) => `${s.journey}/${s.step}`);
  console.log(
    `\nLoad ${smoke ? 'smoke ' : ''}against ${target}: ${settings.rate} iterations/s for ${settings.seconds} s ` +
      `(think × ${settings.thinkScale}), finished in ${measured.seconds.toFixed(1)} s`,
  );
  console.log(`\nPer journey\n${HEADER}  iterations started/dropped`);
  for (const [journey, figures] of byJourney) {
    console.log(
      formatRow(
        journey,
        figures,
        `  ${measured.started[journey] ?? 0}/${measured.dropped[journey] ?? 0}`,
      ),
    );
  }
  console.log(formatRow('all', summarize(samples, measured.seconds)));
  console.log('\nThresholds (as the k6 scripts declare them)');
  for (const outcome of outcomes) {
    console.log(`  ${outcome.ok ? '✓' : '✗'} ${outcome.name.padEnd(52)} ${outcome.measured}`);
  }
  console.log(`\nPer step\n${HEADER}`);
  for (const [step, figures] of byStep) console.log(formatRow(step, figures));
  const errors = errorBreakdown(samples);
  const { failedChecks } = measured.recorder;
  for (const check of failedChecks.slice(0, 5)) {
    console.log(`\nFailed check (${failedChecks.length} in all): ${check.step}: ${check.what}`);
  }
  if (Object.keys(errors).length > 0) {
    console.log('\nErrors (step status: count)');
    for (const [key, count] of Object.entries(errors)) console.log(`  ${key}: ${count}`);
    for (const failure of measured.recorder.failures.slice(0, 5)) {
      console.log(`  e.g. ${failure.method} ${failure.path} → ${failure.status}: ${failure.body}`);
    }
  }
  for (const { journey, failures } of probeResult.notBuilt) {
    const routes = [...new Set(failures.map((failure) => `${failure.method} ${failure.path}`))];
    console.log(`\nNot run: ${journey} — routes not built yet: ${routes.join(', ')}`);
  }
  for (const { journey, failures } of probeResult.broken) {
    console.log(`\nNot run: ${journey} — its first iteration failed:`);
    for (const failure of failures.slice(0, 5)) {
      console.log(
        `  ${failure.step}: ${failure.method} ${failure.path} → ${failure.status} ${failure.body}`,
      );
    }
  }
  const resultsDir = path.resolve(__dirname, '..', '..', '.local', 'load');
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(
    path.join(resultsDir, smoke ? 'smoke.json' : 'load.json'),
    JSON.stringify(
      {
        at: new Date().toISOString(),
        target,
        settings,
        seconds: measured.seconds,
        journeys: Object.fromEntries(byJourney),
        steps: Object.fromEntries(byStep),
        errors,
        failedChecks: failedChecks.length,
        thresholds: outcomes,
        notRun: [...probeResult.notBuilt, ...probeResult.broken].map((entry) => entry.journey),
      },
      null,
      2,
    ),
  );
}

async function target(): Promise<{ baseUrl: string; stack?: LocalStack }> {
  const given = process.env.LOAD_BASE_URL;
  if (given) return { baseUrl: given.replace(/\/+$/, '') };
  // `make up`'s BFF answers its health on its operations port (OPS_PORT, decision 0049).
  if (!smoke && (await answers('http://localhost:9464/health/ready'))) {
    return { baseUrl: 'http://localhost:8080' };
  }
  console.log('[load] starting a stack of its own (ports 19080–19085)');
  const stack = await startLocalStack();
  return { baseUrl: stack.baseUrl, stack };
}

async function main(): Promise<number> {
  const { baseUrl, stack } = await target();
  const solver = new CaptchaSolver();
  const members =
    process.env.MEMBER_EMAIL && process.env.MEMBER_PASSWORD
      ? [{ email: process.env.MEMBER_EMAIL, password: process.env.MEMBER_PASSWORD }]
      : [];
  const runner: Runner = { baseUrl, solver, members, nextVisitor: 1, nextId: 0 };
  try {
    const probeResult = await probe(runner);
    if (!smoke) {
      const problems = await preflight(
        context(runner, 'preflight', newRecorder()),
        probeResult.runnable,
        LOAD_TEST_MODE_ADVICE,
      );
      if (problems.length > 0) {
        console.error(`\n[load] preflight failed: ${problems.join('; ')}`);
        return 1;
      }
    }
    const measured = await measure(runner, probeResult.runnable);
    const outcomes = thresholds(measured, probeResult.runnable);
    report(probeResult, measured, outcomes, baseUrl);
    const errors =
      measured.recorder.samples.filter((sample) => !sample.ok).length +
      measured.recorder.failedChecks.length;
    if (probeResult.runnable.length === 0) {
      console.error('\n[load] no journey could run');
      return 1;
    }
    if (smoke && (errors > 0 || probeResult.broken.length > 0)) {
      console.error(
        `\n[load] smoke failed: ${errors} errors or failed checks, ${probeResult.broken.length} broken journeys`,
      );
      return 1;
    }
    const crossed = outcomes.filter((outcome) => !outcome.ok);
    if (!smoke && crossed.length > 0) {
      console.error(`\n[load] ${crossed.length} threshold(s) crossed`);
      return 99;
    }
    return 0;
  } finally {
    await solver.close();
    await stack?.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
