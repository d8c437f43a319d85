/**
 * What `make load-crowd` reports, from the samples of its run: per journey and per BFF replica,
 * the step search for the open model's capacity, and the acceptance verdicts. Pure,
 * unit-tested (infra/load/crowd-figures.spec.ts).
 */
import { percentile, type Sample } from './figures';

/** The client's timeout: the issue counts answers slower than this as timeouts. */
export const CLIENT_TIMEOUT_MS = 10_000;
/** The open model's bar: a rate passes with p99 of successes ≤ this and no error at all. */
export const CAPACITY_P99_MS = 500;

export interface CrowdFigures {
  requests: number;
  /** Answers per second of the window. */
  rate: number;
  /** Of the successful answers only. */
  p50: number;
  p95: number;
  p99: number;
  /** 503 answers (shed), as a share of all requests. */
  shedShare: number;
  /** 503s without Retry-After. */
  shedWithoutRetryAfter: number;
  /** The slowest 503's time (printed beside the verdicts). */
  shedMaxMs: number;
  /** The median 503's time: how long a shed request typically waited to be read. */
  shedP50Ms: number;
  /** The 95th percentile of the 503s' times: compared with the successes' p95. */
  shedP95Ms: number;
  /** The 99th percentile of the 503s' times: whether the slowest are a few or many. */
  shedP99Ms: number;
  timeouts: number;
  /** 504s (the BFF's deadline): the issue wants none. */
  gatewayTimeouts: number;
  /** 5xx answers other than 503 (504s included): the issue wants none. */
  serverErrors: number;
  /** No answer and no timeout: a connection refused, reset or closed without an answer. */
  connectionErrors: number;
  /** Neither a success, nor shed, nor a timeout. */
  otherErrors: number;
  /** Share of requests that failed in any way except shedding. */
  errorShare: number;
}

export function crowdFigures(samples: readonly Sample[], seconds: number): CrowdFigures {
  const successes = samples
    .filter((sample) => sample.ok)
    .map((sample) => sample.ms)
    .sort((a, b) => a - b);
  const shed = samples.filter((sample) => sample.status === 503);
  const shedTimes = shed.map((sample) => sample.ms).sort((a, b) => a - b);
  const timeouts = samples.filter((sample) => sample.timedOut).length;
  const otherErrors = samples.filter(
    (sample) => !sample.ok && sample.status !== 503 && !sample.timedOut,
  ).length;
  const requests = samples.length;
  return {
    requests,
    rate: seconds > 0 ? requests / seconds : 0,
    p50: percentile(successes, 50),
    p95: percentile(successes, 95),
    p99: percentile(successes, 99),
    shedShare: requests > 0 ? shed.length / requests : 0,
    shedWithoutRetryAfter: shed.filter((sample) => !sample.retryAfter).length,
    shedMaxMs: shedTimes.length === 0 ? 0 : shedTimes[shedTimes.length - 1],
    shedP50Ms: percentile(shedTimes, 50),
    shedP95Ms: percentile(shedTimes, 95),
    shedP99Ms: percentile(shedTimes, 99),
    timeouts,
    gatewayTimeouts: samples.filter((sample) => sample.status === 504).length,
    serverErrors: samples.filter((sample) => sample.status >= 500 && sample.status !== 503).length,
    connectionErrors: samples.filter((sample) => sample.status === 0 && !sample.timedOut).length,
    otherErrors,
    errorShare: requests > 0 ? (timeouts + otherErrors) / requests : 0,
  };
}

/**
 * The seconds from `begin` (epoch ms) to the last answer of `samples`: the window their rate is
 * per. Not the run's wall time: the run ends when every client's iteration has ended, and an
 * iteration's last step may be no request at all (a sign-up's proof of work). One run ended 12 s
 * after its last answer, which halved the rate it printed.
 */
export function answeredWindowSeconds(samples: readonly Sample[], begin: number): number {
  let last = begin;
  for (const sample of samples) {
    if (sample.at !== undefined) last = Math.max(last, sample.at + sample.ms);
  }
  return (last - begin) / 1000;
}

/** Samples per key, in first-seen order. */
function groupedBy(
  samples: readonly Sample[],
  keyOf: (sample: Sample) => string,
): Map<string, Sample[]> {
  const groups = new Map<string, Sample[]>();
  for (const sample of samples) {
    const key = keyOf(sample);
    const group = groups.get(key);
    if (group === undefined) groups.set(key, [sample]);
    else group.push(sample);
  }
  return groups;
}

/** Figures per key in first-seen order. */
export function crowdFiguresBy(
  samples: readonly Sample[],
  seconds: number,
  keyOf: (sample: Sample) => string,
): Array<[string, CrowdFigures]> {
  return [...groupedBy(samples, keyOf)].map(([key, group]) => [key, crowdFigures(group, seconds)]);
}

/** One second of each replica's requests: how many were sent to it and the share shed. */
export interface ReplicaSecond {
  /** Whole seconds since `since`. */
  second: number;
  byTarget: Map<string, { requests: number; shedShare: number }>;
}

/**
 * Each whole second from `since` (epoch ms) on, per target in `targets` order: the requests sent
 * in it and the share answered 503. Where a cold replica's extra sheds fall (its first seconds, or
 * all along) is what its whole-window share cannot say.
 */
export function replicaSheddingBySecond(
  samples: readonly Sample[],
  since: number,
  targets: readonly string[],
): ReplicaSecond[] {
  const counted = samples.filter(
    (sample) =>
      sample.at !== undefined && sample.at >= since && targets.includes(sample.target ?? ''),
  );
  const seconds = groupedBy(counted, (sample) => String(Math.floor((sample.at! - since) / 1000)));
  return [...seconds]
    .map(([second, inIt]) => {
      const byTarget = groupedBy(inIt, (sample) => sample.target!);
      return {
        second: Number(second),
        byTarget: new Map(
          targets.map((target) => {
            const sent = byTarget.get(target) ?? [];
            return [target, { requests: sent.length, shedShare: crowdFigures(sent, 1).shedShare }];
          }),
        ),
      };
    })
    .sort((a, b) => a.second - b.second);
}

/** Whether an open-model step held the bar. */
export function holdsBar(figures: CrowdFigures): boolean {
  return (
    figures.requests > 0 &&
    figures.p99 <= CAPACITY_P99_MS &&
    figures.timeouts === 0 &&
    figures.otherErrors === 0 &&
    figures.shedShare === 0
  );
}

export interface Step {
  rate: number;
  passed: boolean;
}

/**
 * The next arrival rate of the capacity search, or undefined when it is done: doubling from
 * `start` until a step fails, then halving the interval between the highest pass and the lowest
 * fail until it is narrower than `resolution` (as a share of the pass) or `maxSteps` were run.
 */
export function nextRate(
  steps: readonly Step[],
  start: number,
  maxSteps: number,
  resolution = 0.15,
): number | undefined {
  if (steps.length >= maxSteps) return undefined;
  if (steps.length === 0) return start;
  const passes = steps.filter((step) => step.passed).map((step) => step.rate);
  const fails = steps.filter((step) => !step.passed).map((step) => step.rate);
  const highestPass = passes.length > 0 ? Math.max(...passes) : 0;
  const lowestFail = fails.length > 0 ? Math.min(...fails) : Infinity;
  if (lowestFail === Infinity) return highestPass * 2;
  if (highestPass === 0) {
    // Even the first rate failed: go down until one passes (or the rate is below one).
    return lowestFail / 2 >= 1 ? lowestFail / 2 : undefined;
  }
  if ((lowestFail - highestPass) / highestPass < resolution) return undefined;
  return Math.round(((highestPass + lowestFail) / 2) * 10) / 10;
}

/** The capacity found: the highest rate that held the bar (0 when none did). */
export function capacity(steps: readonly Step[]): number {
  return Math.max(0, ...steps.filter((step) => step.passed).map((step) => step.rate));
}

/** How often the reads the BFF keeps for everyone were refused (503). */
export interface KeptReadRefusals {
  /** The steps counted: those most of whose successes were answered `Cache-Control: public`. */
  steps: string[];
  requests: number;
  refused: number;
  share: number;
}

/**
 * The kept public reads' refusals: a step is a kept public read when most of its successful
 * answers were public (what the BFF answers from the bytes it keeps for everyone); its 503s,
 * whoever refused them (the ingress or the BFF), over all its requests.
 */
export function keptReadRefusals(samples: readonly Sample[]): KeptReadRefusals {
  const bySteps = groupedBy(samples, (sample) => sample.step);
  const steps = [...bySteps]
    .filter(([, group]) => {
      const successes = group.filter((sample) => sample.ok);
      return successes.filter((sample) => sample.public).length * 2 > successes.length;
    })
    .map(([step]) => step)
    .sort();
  const counted = steps.flatMap((step) => bySteps.get(step)!);
  const refused = counted.filter((sample) => sample.status === 503).length;
  return {
    steps,
    requests: counted.length,
    refused,
    share: counted.length > 0 ? refused / counted.length : 0,
  };
}

/** The bar for kept reads after the crowd: at least this share of their throughput before. */
export const KEPT_AFTER_BAR = 0.95;

export interface Verdict {
  ok: boolean;
  what: string;
  measured: string;
}

export interface CrowdOutcome {
  closed: CrowdFigures;
  /** Per BFF replica in the closed run: the warm one first, then the cold one. */
  warm: CrowdFigures;
  cold?: CrowdFigures;
  /**
   * The longest any replica took to apply the import's change, from its announcement, by the
   * replicas' own account (undefined: a replica never answered the new data, or gave no account).
   */
  freshAfterMs?: number;
  kept: KeptReadRefusals;
  /**
   * How fast the warm replica's kept reads were after the crowd: a young BFF's CPU an answer ÷
   * the warm one's, the same minute (kept-reads.ts; undefined: not measured).
   */
  keptAfterRatio?: number;
}

const points = (share: number) => (share * 100).toFixed(1);

/**
 * The acceptance items for the closed population: counts and same-run ratios, never absolute
 * milliseconds (docs/product/rules.md#s15; decision 0070 tells why a 2-core host running its own
 * crowd cannot hold those).
 */
export function crowdVerdicts(outcome: CrowdOutcome): Verdict[] {
  const { closed, warm, cold, freshAfterMs, kept, keptAfterRatio } = outcome;
  const gap = (key: 'errorShare' | 'shedShare') =>
    cold === undefined ? Infinity : Math.abs(cold[key] - warm[key]);
  return [
    { ok: closed.timeouts === 0, what: '0 client timeouts (10 s)', measured: `${closed.timeouts}` },
    {
      ok: closed.connectionErrors === 0,
      what: '0 connection errors (refused, reset or closed without an answer)',
      measured: `${closed.connectionErrors}`,
    },
    {
      ok: closed.serverErrors === 0,
      what: '0 5xx but 503',
      measured: `${closed.serverErrors} (504s ${closed.gatewayTimeouts})`,
    },
    {
      ok: kept.requests > 0 && kept.share <= 0.01,
      what: 'public kept reads refused ≤ 1 % of the time',
      measured: `${(kept.share * 100).toFixed(2)} % (${kept.refused} of ${kept.requests}: ${kept.steps.join(', ') || 'no step answered public'})`,
    },
    {
      ok: closed.shedP95Ms <= closed.p95,
      what: "refusals' p95 ≤ successes' p95 (same run)",
      measured: `${closed.shedP95Ms.toFixed(0)} ms vs ${closed.p95.toFixed(0)} ms`,
    },
    {
      ok: keptAfterRatio !== undefined && keptAfterRatio >= KEPT_AFTER_BAR,
      what: `kept reads after the crowd ≥ ${KEPT_AFTER_BAR}× as fast as a young BFF's (CPU an answer, same minute)`,
      measured: keptAfterRatio === undefined ? 'not measured' : `${keptAfterRatio.toFixed(2)}×`,
    },
    {
      ok: closed.shedWithoutRetryAfter === 0,
      what: 'every refusal is a 503 with Retry-After',
      measured: `${closed.shedWithoutRetryAfter} without it (refusals took: median ${closed.shedP50Ms.toFixed(0)} ms, p99 ${closed.shedP99Ms.toFixed(0)} ms, slowest ${closed.shedMaxMs.toFixed(0)} ms)`,
    },
    {
      ok: gap('errorShare') <= 0.02 && gap('shedShare') <= 0.02,
      what: "cold replica's error and shed share within 2 points of the warm one's",
      measured:
        cold === undefined
          ? 'the cold replica served nothing'
          : `errors ${points(cold.errorShare)}% vs ${points(warm.errorShare)}%, shed ${points(cold.shedShare)}% vs ${points(warm.shedShare)}%`,
    },
    {
      ok: freshAfterMs !== undefined && freshAfterMs <= 1000,
      what: 'every replica stops serving the old data within 1 s of the import',
      measured:
        freshAfterMs === undefined
          ? 'not seen, or not accounted for'
          : `${freshAfterMs.toFixed(0)} ms`,
    },
  ];
}

/** One generator's account of a second of a run: how busy its event loop was, how late it ran. */
export interface GeneratorLoad {
  /** When the report came (ms since the epoch); it covers the second before. */
  at: number;
  /** The share of that second the loop was working (0–1). */
  busy: number;
  /** The loop's delay in that second (its 99th percentile, ms). */
  lateMs: number;
  /** The generator thread's CPU priority (nice value). */
  priority: number;
}

/**
 * The generators' own load in each second of a run (seconds from `begin`, by the second each
 * report covers): the busiest thread's busy share and the latest loop's delay.
 */
export function generatorLoadBySecond(
  loads: readonly GeneratorLoad[],
  begin: number,
): Map<number, Pick<GeneratorLoad, 'busy' | 'lateMs'>> {
  const bySecond = new Map<number, Pick<GeneratorLoad, 'busy' | 'lateMs'>>();
  for (const { at, busy, lateMs } of loads) {
    // A report covers the second before it came.
    const second = Math.floor((at - 1000 - begin) / 1000);
    const seen = bySecond.get(second) ?? { busy: 0, lateMs: 0 };
    bySecond.set(second, {
      busy: Math.max(seen.busy, busy),
      lateMs: Math.max(seen.lateMs, lateMs),
    });
  }
  return bySecond;
}
