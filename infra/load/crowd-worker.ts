/**
 * One load generator of `make load-crowd` and `make chaos` (a worker thread, so the measuring
 * process's event loop never times its own requests): it runs the production mix of the k6
 * journeys (infra/k6/lib/journeys.ts) without think time against the BFF replicas it is told,
 * either as a closed population (N clients, each starting its next iteration when the last one
 * ends) or at an open arrival rate, and posts its samples to the parent every second.
 *
 * Each iteration goes to the next replica in turn (a load balancer's round robin). With
 * `failover`, a request that found no one listening (a replica just killed) is sent once more to
 * another replica, as a load balancer retries a refused connection; the first attempt is then
 * marked `retried`. A read shed with a short `Retry-After` is asked once more after it, as the
 * web app asks (web/src/api/http.ts), and marked `retried` too.
 */
import { getPriority, setPriority } from 'node:os';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import { retryWaitMs } from '@upright/contracts';
import { CaptchaSolver } from './captcha-solver';
import {
  JOURNEY_FUNCTIONS,
  type Client,
  type JourneyContext,
  type JourneyName,
  type Member,
} from '../k6/lib/journeys';
import type { Sample } from './figures';
import { newRecorder, nodeClient, type Recorder } from './http-client';
import { CLIENT_TIMEOUT_MS } from './crowd-figures';

/**
 * `what`: for a failure, what was asked and answered (an example for the report). `retried`: the
 * client sent the request again (a refused connection, a shed read): not the request's last word.
 */
export type GeneratorSample = Sample & { retried?: boolean; what?: string };

export type GeneratorCommand =
  | {
      type: 'run';
      mode: 'closed' | 'open';
      /** Closed: the clients arrive evenly over these first seconds (0: all at once). */
      rampSeconds?: number;
      /** Closed: clients of this generator. Open: iterations per second of this generator. */
      amount: number;
      seconds: number;
      shares: Record<JourneyName, number>;
      members: Member[];
      targets: string[];
      failover: boolean;
      loadTestToken?: string;
      /** An ingress's header naming the pod that answered (http-client.ts). */
      podHeader?: string;
    }
  | { type: 'targets'; targets: string[] }
  /** Ends the run now instead of at its duration (in-flight iterations finish). */
  | { type: 'stop' };

/** What a generator thread is started with (its `workerData`). */
export interface GeneratorSetup {
  /** The thread's CPU priority (nice value, decision 0064); the process's own when not permitted. */
  priority: number;
}

/**
 * `busy`: the share of the last second this generator's event loop was working, not waiting. A
 * generator near 1 delays reading the answers it times, and its figures then measure itself.
 * `lateMs`: how late its event loop ran in that second (the 99th percentile of its delay), which
 * every answer read in that second carries on top of the stack's own time. `priority`: the
 * thread's CPU priority as it runs.
 */
export type GeneratorReport =
  | { type: 'samples'; samples: GeneratorSample[]; busy: number; lateMs: number; priority: number }
  | { type: 'done' };

/**
 * On Linux a priority is a thread's: this one (pid 0) takes it, the harness's other threads and
 * the stack it starts keep theirs. Raising a priority needs root (CAP_SYS_NICE); without it the
 * generator runs at the process's priority, and its reports say so.
 */
function takePriority(setup: GeneratorSetup): number {
  try {
    setPriority(setup.priority);
  } catch {
    // Not permitted: the reports carry the priority it runs at.
  }
  return getPriority();
}

const priority = takePriority(workerData as GeneratorSetup);

let targets: string[] = [];
let end = 0;
let turn = 0;
let nextId = 0;
const recorder: Recorder = newRecorder();
/**
 * Sign-ups' proofs of work on a thread of their own: solved here they would stall every request
 * this generator is timing. Made at the first sign-up (a run without any starts no thread).
 */
let captchas: CaptchaSolver | undefined;
const solveCaptcha = (challenge: unknown): Promise<string> =>
  (captchas ??= new CaptchaSolver()).solve(challenge);

function pickJourney(shares: Record<JourneyName, number>): JourneyName {
  const entries = Object.entries(shares) as Array<[JourneyName, number]>;
  const total = entries.reduce((sum, [, share]) => sum + share, 0);
  let roll = Math.random() * total;
  for (const [journey, share] of entries) {
    roll -= share;
    if (roll < 0) return journey;
  }
  return entries[entries.length - 1][0];
}

/** The web app asks a shed read again after a `Retry-After` up to this (web/src/api/http.ts). */
const BUSY_WAIT_MAX_SECONDS = 5;

/**
 * What a shed answer (503 with `Retry-After`) makes the client wait before its next request, as
 * the web app waits it (`retryWaitMs`: the wait and a random part of it) and a person told "try
 * again in a second" does; without it a closed population of clients without think time would
 * turn every shed answer into another request at once. Undefined for any other answer.
 */
function shedWaitMs(answer: { status: number; headers?: Record<string, string> }) {
  const seconds = Number(answer.headers?.['retry-after']);
  if (answer.status !== 503 || !Number.isFinite(seconds) || seconds <= 0) return undefined;
  return { ms: retryWaitMs(Math.min(seconds, 10)), askAgain: seconds <= BUSY_WAIT_MAX_SECONDS };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Thrown by a request asked for after the run's end: the iteration stops there, unrecorded. */
class RunOver extends Error {}

function client(journey: JourneyName, command: Extract<GeneratorCommand, { type: 'run' }>): Client {
  // Each attempt records into its own recorder first, so that the sample of this very request
  // (not another one's finishing at the same time) is the one marked and passed on.
  const attempt = async (baseUrl: string, ...args: Parameters<Client['request']>) => {
    const own = newRecorder();
    const answer = await nodeClient({
      baseUrl,
      journey,
      recorder: own,
      thinkScale: 0,
      timeoutMs: CLIENT_TIMEOUT_MS,
      loadTestToken: command.loadTestToken,
      cookies,
      podHeader: command.podHeader,
    }).request(...args);
    const sample = own.samples[0] as GeneratorSample;
    const failure = own.failures[0];
    if (failure)
      sample.what = `${failure.method} ${failure.path} → ${failure.status || 'no answer'} ${failure.body.slice(0, 160)}`;
    return { answer, sample, own };
  };
  const cookies = new Map<string, string>();
  const first = targets[turn++ % targets.length];
  // Only samples travel to the parent (a failure's answer rides along as `what`).
  const pass = (own: Recorder) => recorder.samples.push(...own.samples);
  const probe = nodeClient({ baseUrl: first, journey, recorder, thinkScale: 0, cookies });
  return {
    ...probe,
    async request(method, path, step) {
      if (Date.now() >= end) throw new RunOver('the run is over');
      let target = first;
      let tried = await attempt(target, method, path, step);
      const others = targets.filter((candidate) => candidate !== first);
      const refused = tried.answer.status === 0 && !tried.sample.timedOut;
      if (command.failover && refused && others.length > 0) {
        tried.sample.retried = true;
        pass(tried.own);
        target = others[turn % others.length];
        tried = await attempt(target, method, path, step);
      }
      const shed = shedWaitMs(tried.answer);
      if (shed !== undefined) await pause(shed.ms);
      if (shed?.askAgain && method === 'GET' && Date.now() < end) {
        tried.sample.retried = true;
        pass(tried.own);
        tried = await attempt(target, method, path, step);
        const again = shedWaitMs(tried.answer);
        if (again !== undefined) await pause(again.ms);
      }
      pass(tried.own);
      return tried.answer;
    },
  };
}

function context(
  journey: JourneyName,
  command: Extract<GeneratorCommand, { type: 'run' }>,
): JourneyContext {
  const id = nextId++;
  return {
    client: client(journey, command),
    random: Math.random,
    solveCaptcha,
    uniqueId: () => `${Date.now().toString(36)}-${process.pid}-${id}-${Math.random()}`.slice(0, 40),
    member: command.members.length > 0 ? command.members[id % command.members.length] : undefined,
    memo: {},
  };
}

async function iteration(command: Extract<GeneratorCommand, { type: 'run' }>): Promise<void> {
  const journey = pickJourney(command.shares);
  try {
    await JOURNEY_FUNCTIONS[journey](context(journey, command));
  } catch {
    // A journey that cannot go on: its failed request is already a sample.
  }
}

async function run(command: Extract<GeneratorCommand, { type: 'run' }>): Promise<void> {
  targets = command.targets;
  end = Date.now() + command.seconds * 1000;
  let since = performance.eventLoopUtilization();
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const report = () => {
    const busy = performance.eventLoopUtilization(since).utilization;
    since = performance.eventLoopUtilization();
    const lateMs = delay.count === 0 ? 0 : delay.percentile(99) / 1e6;
    delay.reset();
    const samples = recorder.samples.splice(0);
    parentPort?.postMessage({
      type: 'samples',
      samples,
      busy,
      lateMs,
      priority,
    } satisfies GeneratorReport);
  };
  const flush = setInterval(() => {
    report();
    // The checks' records are not reported from here: keep them from growing with the run.
    recorder.failedChecks.length = 0;
  }, 1000);
  if (command.mode === 'closed') {
    const rampMs = (command.rampSeconds ?? 0) * 1000;
    const loop = async (_: unknown, client: number) => {
      await new Promise((resolve) => setTimeout(resolve, (client / command.amount) * rampMs));
      while (Date.now() < end) await iteration(command);
    };
    await Promise.all(Array.from({ length: command.amount }, loop));
  } else {
    const inFlight = new Set<Promise<void>>();
    const interval = 1000 / command.amount;
    for (let next = Date.now(); next < end && Date.now() < end; next += interval) {
      const wait = next - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const started = iteration(command).finally(() => inFlight.delete(started));
      inFlight.add(started);
    }
    await Promise.all(inFlight);
  }
  clearInterval(flush);
  report();
  delay.disable();
  parentPort?.postMessage({ type: 'done' });
}

parentPort?.on('message', (command: GeneratorCommand) => {
  if (command.type === 'targets') targets = command.targets;
  else if (command.type === 'stop') end = Date.now();
  else void run(command);
});
