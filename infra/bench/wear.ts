/**
 * Kept reads after use ("no slowdown with use"): the same kept reads measured on the
 * bench stack as it starts, then again right after the production mix of the k6 journeys
 * (infra/load's generators, as `make load-crowd` runs them) has been run against that very stack
 * for BENCH_WEAR_SECONDS (120) by BENCH_WEAR_CLIENTS (200) clients without think time. The bar is
 * within 5 % of fresh.
 *
 * On a shared 2-core machine one wrk run's throughput moves by 10–20 % from run to run, the bare
 * server's as much as the stack's, so one run each side cannot tell 5 %. Each read is therefore
 * measured BENCH_WEAR_ROUNDS (3) times on each side, BENCH_WEAR_MEASURE_SECONDS (5) each, and
 * judged by its medians of two figures:
 * - throughput as a ratio to the bare server measured beside it (a busier machine is not a slower
 *   stack);
 * - the BFF's CPU time per answer (its `process_cpu_seconds_total` around the run ÷ the answers
 *   sent): what a slowdown with use costs, which other processes on the machine barely move.
 * Also printed: the BFF's heap and the answer store's size before and after (from its metrics),
 * so what grows with use shows beside what slows.
 *
 * Minutes apart, the two halves also meet a different machine: on a shared host the same fresh
 * stack's CPU per answer moved by ±25 % between runs, more than the bar. So right after the use a
 * new BFF is started beside the used one (same services, data and Redis; it warms its store from
 * the answers the replicas share, as any new replica does), serves the same mix for
 * BENCH_WEAR_BESIDE_USE_SECONDS (15), and each read is measured on both in the same minute, in
 * alternating order, BENCH_WEAR_PAIRS (7) times for BENCH_WEAR_PAIR_SECONDS (2) each: the medians
 * of the paired ratios say what the longer use itself did to the BFF.
 */
import { JOURNEY_MIX } from '../k6/lib/journeys';
import { crowdFigures, type CrowdFigures } from '../load/crowd-figures';
import { Generators } from '../load/generators';
import { signUpMembers } from '../load/members';
import { opsPort } from '../stack/manifest';
import { BENCH_BFF_ENV } from './stack';
import { largestIndustry, type Comparison, type SuiteContext } from './suite';

const WEAR_SECONDS = Number(process.env.BENCH_WEAR_SECONDS ?? 120);
const WEAR_CLIENTS = Number(process.env.BENCH_WEAR_CLIENTS ?? 200);
const WEAR_MIX = process.env.BENCH_WEAR_MIX ? JSON.parse(process.env.BENCH_WEAR_MIX) : JOURNEY_MIX;
const ROUNDS = Number(process.env.BENCH_WEAR_ROUNDS ?? 3);
const MEASURE_SECONDS = Number(process.env.BENCH_WEAR_MEASURE_SECONDS ?? 5);
/** Paired rounds beside a young BFF, and seconds per measure: many short pairs, so bursts of a
 * shared host's load (seen moving a 5 s figure by ±30 %) fall in few of them. */
const PAIRS = Number(process.env.BENCH_WEAR_PAIRS ?? 7);
const PAIR_SECONDS = Number(process.env.BENCH_WEAR_PAIR_SECONDS ?? 2);
/**
 * The mix the new BFF beside serves before the pairs. A process's compiled code is specialised on
 * what it has run: one that served a single URL runs it ~20 % faster than one that also served the
 * mix (the profiles differ in what V8 inlined, not in what is held). Given the same mix briefly,
 * the new BFF differs from the used one only in how long it was used: what "slower with use" asks.
 */
const BESIDE_USE_SECONDS = Number(process.env.BENCH_WEAR_BESIDE_USE_SECONDS ?? 15);
const IDLE_SECONDS = 3;
/** The bar: kept reads after use within 5 % of a fresh stack's. */
export const WEAR_BAR = 0.95;
/** Where the young BFF started beside the used one listens (its operations port is + 9). */
const BESIDE_BASE_PORT = 18180;

/** The metrics that say what a process holds (a name prefix each). */
const HOLDINGS = [
  'nodejs_heap_size_used_bytes',
  'upright_answer_cache_bytes',
  'upright_answer_cache_entries',
  'nodejs_active_handles_total',
  'process_open_fds',
];
const CPU_SECONDS = 'process_cpu_seconds_total';

async function metricValues(metricsUrl: string, names: readonly string[]) {
  const text = await (await fetch(metricsUrl)).text();
  const found: Record<string, number> = {};
  // `name{labels} value`: every metric carries the registry's default label (the service).
  for (const line of text.split('\n')) {
    const name = line.split(/[{ ]/, 1)[0];
    if (names.includes(name)) found[name] = Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return found;
}

/** One read measured once: beside the bare server, and the BFF's CPU per answer meanwhile. */
export interface WearSample {
  comparison: Comparison;
  cpuMicrosPerAnswer: number;
}

/** A read's medians over its rounds, fresh and after use, and after ÷ fresh of each. */
export interface ReadWear {
  what: string;
  fresh: { ratioToBare: number; cpuMicrosPerAnswer: number };
  afterUse: { ratioToBare: number; cpuMicrosPerAnswer: number };
  /** after ÷ fresh of the ratio to bare: ≥ 0.95 holds. */
  throughput: number;
  /** fresh ÷ after of the CPU per answer (higher is better, like throughput): ≥ 0.95 holds. */
  cpu: number;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/**
 * Each read's medians (rounds × reads samples on each side, reads in the same order) and whether
 * every read keeps both its throughput and its CPU per answer within the bar.
 */
export function wearVerdict(
  before: ReadonlyArray<readonly WearSample[]>,
  after: ReadonlyArray<readonly WearSample[]>,
): { reads: ReadWear[]; throughputHolds: boolean; cpuHolds: boolean } {
  const medians = (rounds: ReadonlyArray<readonly WearSample[]>, read: number) => ({
    ratioToBare: median(rounds.map((round) => round[read].comparison.throughputRatio)),
    cpuMicrosPerAnswer: median(rounds.map((round) => round[read].cpuMicrosPerAnswer)),
  });
  const reads = before[0].map((sample, read): ReadWear => {
    const fresh = medians(before, read);
    const afterUse = medians(after, read);
    return {
      what: sample.comparison.what,
      fresh,
      afterUse,
      throughput: afterUse.ratioToBare / fresh.ratioToBare,
      cpu: fresh.cpuMicrosPerAnswer / afterUse.cpuMicrosPerAnswer,
    };
  });
  return {
    reads,
    throughputHolds: reads.every((read) => read.throughput >= WEAR_BAR),
    cpuHolds: reads.every((read) => read.cpu >= WEAR_BAR),
  };
}

/** One read on one BFF: its throughput and its CPU time per answer meanwhile. */
export interface SideSample {
  requestsPerSecond: number;
  cpuMicrosPerAnswer: number;
}

/** One read measured on the used BFF and on the young one beside it, in the same minute. */
export interface PairedSample {
  what: string;
  used: SideSample;
  young: SideSample;
}

export interface ReadBeside {
  what: string;
  /** Median over the rounds of used ÷ young throughput: ≥ 0.95 holds. */
  throughput: number;
  /** Median over the rounds of young ÷ used CPU per answer (higher is better): ≥ 0.95 holds. */
  cpu: number;
}

/**
 * Each read's paired ratios (rounds × reads, reads in the same order), judged by their medians:
 * a pair shares its minute of the machine, so its ratio is free of the machine's drift.
 */
export function besideVerdict(rounds: ReadonlyArray<readonly PairedSample[]>): {
  reads: ReadBeside[];
  throughputHolds: boolean;
  cpuHolds: boolean;
} {
  const reads = rounds[0].map(({ what }, read): ReadBeside => ({
    what,
    throughput: median(
      rounds.map(
        (round) => round[read].used.requestsPerSecond / round[read].young.requestsPerSecond,
      ),
    ),
    cpu: median(
      rounds.map(
        (round) => round[read].young.cpuMicrosPerAnswer / round[read].used.cpuMicrosPerAnswer,
      ),
    ),
  }));
  return {
    reads,
    throughputHolds: reads.every((read) => read.throughput >= WEAR_BAR),
    cpuHolds: reads.every((read) => read.cpu >= WEAR_BAR),
  };
}

/**
 * Each read on the used BFF and on the young one beside it, `rounds` times in the same minute,
 * which goes first alternating (neither always meets the machine the other left).
 */
export async function measurePairs<Bff>(
  rounds: number,
  reads: ReadonlyArray<readonly [what: string, path: string]>,
  used: Bff,
  young: Bff,
  measureOn: (bff: Bff, path: string) => Promise<SideSample>,
): Promise<PairedSample[][]> {
  const paired: PairedSample[][] = [];
  for (let round = 0; round < rounds; round++) {
    const samples: PairedSample[] = [];
    for (const [what, path] of reads) {
      const usedFirst = round % 2 === 0;
      const first = await measureOn(usedFirst ? used : young, path);
      const second = await measureOn(usedFirst ? young : used, path);
      samples.push({ what, used: usedFirst ? first : second, young: usedFirst ? second : first });
    }
    paired.push(samples);
  }
  return paired;
}

/** A BFF's use in one phrase: did it answer, or shed and fail? */
function describeUse(use: CrowdFigures): string {
  return (
    `${use.requests} requests, ${use.rate.toFixed(0)} req/s, shed ${(use.shedShare * 100).toFixed(1)} %, ` +
    `${use.timeouts} timeouts, ${use.otherErrors} other errors`
  );
}

export async function benchWear(context: SuiteContext): Promise<void> {
  const { industry } = await largestIndustry(context.env('RANKINGS_DATABASE_URL'));
  const queuePrefix = `${context.transport.keyPrefix}-queues`;
  await context.startOnce('accounts', {
    DATABASE_URL: context.env('ACCOUNTS_DATABASE_URL'),
    QUEUE_PREFIX: queuePrefix,
  });
  await context.startOnce('search', {
    DATABASE_URL: context.env('SEARCH_DATABASE_URL'),
    QUEUE_PREFIX: queuePrefix,
  });
  const industryPath = `/api/companies/us/${industry}`;
  const company = (
    JSON.parse((await context.record(`${context.bffUrl}${industryPath}`)).body.toString()) as {
      result: { ranked: Array<{ slug: string }> };
    }
  ).result.ranked[0].slug;
  const reads: Array<[string, string]> = [
    ['GET /api/active', '/api/active'],
    [`GET ${industryPath}`, industryPath],
    ['GET /api/reports/latest/1', '/api/reports/latest/1'],
    [`GET /api/primary/us/${industry}/${company}`, `/api/primary/us/${industry}/${company}`],
  ];
  const cpuSeconds = async (metricsUrl = context.bffMetricsUrl) =>
    (await metricValues(metricsUrl, [CPU_SECONDS]))[CPU_SECONDS];
  /** `run`'s result and the CPU time (µs) the BFF of `metricsUrl` spent per request meanwhile. */
  const cpuPerAnswerAround = async <T>(
    metricsUrl: string,
    run: () => Promise<T>,
    requests: (result: T) => number,
  ) => {
    const before = await cpuSeconds(metricsUrl);
    const result = await run();
    const cpu = (await cpuSeconds(metricsUrl)) - before;
    return { result, cpuMicrosPerAnswer: (cpu * 1e6) / requests(result) };
  };
  /** The BFF's CPU while nobody asks it anything, as a share of one core over IDLE_SECONDS. */
  const idleCpuShare = async () => {
    const start = await cpuSeconds();
    await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
    return ((await cpuSeconds()) - start) / IDLE_SECONDS;
  };
  /** Every read once per round, in turn, so each round sees the machine as the others do. */
  const measureAll = async (when: string): Promise<WearSample[][]> => {
    const rounds: WearSample[][] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const samples: WearSample[] = [];
      for (const [what, path] of reads) {
        const answer = await context.record(`${context.bffUrl}${path}`);
        if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}`);
        // The bare server runs in this process: the BFF's CPU meanwhile is its own idle work.
        const load = { path, seconds: MEASURE_SECONDS };
        const { result: comparison, cpuMicrosPerAnswer } = await cpuPerAnswerAround(
          context.bffMetricsUrl,
          () => context.compare(`${what} (${when})`, answer, load),
          (compared) => compared.stack.requests,
        );
        samples.push({ comparison, cpuMicrosPerAnswer });
      }
      rounds.push(samples);
    }
    return rounds;
  };

  const idleBefore = await idleCpuShare();
  const before = await measureAll('fresh');
  const heldBefore = await metricValues(context.bffMetricsUrl, HOLDINGS);

  const members = await signUpMembers(context.bffUrl, 10, 'wear', 5);
  /** The production mix by WEAR_CLIENTS clients without think time against one BFF. */
  const useFor = async (bffUrl: string, seconds: number) => {
    const generators = new Generators(2);
    try {
      const samples = await generators.run({
        mode: 'closed',
        amount: WEAR_CLIENTS,
        seconds,
        shares: WEAR_MIX,
        members,
        targets: [bffUrl],
        failover: false,
      });
      return crowdFigures(samples, seconds);
    } finally {
      await generators.close();
    }
  };
  const use = await useFor(context.bffUrl, WEAR_SECONDS);
  const heldAfter = await metricValues(context.bffMetricsUrl, HOLDINGS);
  const idleAfter = await idleCpuShare();
  const after = await measureAll('after use');

  const used = { url: context.bffUrl, metricsUrl: context.bffMetricsUrl };
  const young = {
    url: (await context.start('bff', BENCH_BFF_ENV, BESIDE_BASE_PORT)).url,
    metricsUrl: `http://127.0.0.1:${opsPort(BESIDE_BASE_PORT)}/metrics`,
  };
  const besideUse = await useFor(young.url, BESIDE_USE_SECONDS);
  for (const [, path] of reads) {
    const answer = await context.record(`${young.url}${path}`);
    if (answer.status !== 200) throw new Error(`${path} answered ${answer.status} (young BFF)`);
  }
  const measureOn = async (bff: typeof used, path: string): Promise<SideSample> => {
    const load = { url: `${bff.url}${path}`, connections: context.connections };
    const { result, cpuMicrosPerAnswer } = await cpuPerAnswerAround(
      bff.metricsUrl,
      () => context.measure({ ...load, seconds: PAIR_SECONDS }),
      (figures) => figures.requests,
    );
    return { requestsPerSecond: result.requestsPerSecond, cpuMicrosPerAnswer };
  };
  const paired = await measurePairs(PAIRS, reads, used, young, measureOn);

  context.print(
    `Kept reads fresh and after ${WEAR_SECONDS} s of the production mix by ${WEAR_CLIENTS} clients — ${context.connections} connections, ${MEASURE_SECONDS} s each, ${ROUNDS} rounds`,
    [...before, ...after].flat().flatMap(({ comparison: c }) => [
      [`bare  ${c.what.slice(0, 38)}`, c.bare],
      [`stack ${c.what.slice(0, 38)}`, c.stack],
    ]),
  );
  console.log(`the use: ${describeUse(use)}`);
  const verdict = wearVerdict(before, after);
  for (const read of verdict.reads) {
    console.log(
      `${read.what.replace(/ \(fresh\)$/, '')}: throughput ${read.throughput.toFixed(3)}× fresh ` +
        `(median ${read.fresh.ratioToBare.toFixed(2)}× → ${read.afterUse.ratioToBare.toFixed(2)}× bare); ` +
        `BFF CPU per answer ${read.fresh.cpuMicrosPerAnswer.toFixed(1)} → ${read.afterUse.cpuMicrosPerAnswer.toFixed(1)} µs (${read.cpu.toFixed(3)}× fresh)`,
    );
  }
  // Work the BFF does on its own (timers, followers) is in each CPU-per-answer figure too.
  console.log(
    `BFF CPU while idle: ${(idleBefore * 100).toFixed(2)} % of a core fresh, ${(idleAfter * 100).toFixed(2)} % after use`,
  );
  for (const name of HOLDINGS) {
    console.log(`BFF ${name}: ${heldBefore[name]} → ${heldAfter[name]}`);
  }
  const within = (holds: boolean) => (holds ? 'within' : 'NOT within');
  const bar = Math.round((1 - WEAR_BAR) * 100);
  console.log(
    `kept reads after use: throughput ${within(verdict.throughputHolds)} ${bar} % of fresh, ` +
      `CPU per answer ${within(verdict.cpuHolds)} ${bar} % of fresh (medians of ${ROUNDS} rounds)`,
  );
  const beside = besideVerdict(paired);
  console.log(
    `\nThe used BFF beside a new one given ${BESIDE_USE_SECONDS} s of the mix after the use ` +
      `(${describeUse(besideUse)}; then the same minute, alternating order, ${PAIR_SECONDS} s each, medians of ${PAIRS} paired rounds):`,
  );
  for (const [index, read] of beside.reads.entries()) {
    const medianOf = (side: 'used' | 'young', figure: keyof SideSample) =>
      median(paired.map((round) => round[index][side][figure]));
    console.log(
      `${read.what}: throughput ${read.throughput.toFixed(3)}× the new BFF's ` +
        `(${medianOf('used', 'requestsPerSecond').toFixed(0)} against ${medianOf('young', 'requestsPerSecond').toFixed(0)} req/s); ` +
        `CPU per answer ${medianOf('used', 'cpuMicrosPerAnswer').toFixed(1)} against ${medianOf('young', 'cpuMicrosPerAnswer').toFixed(1)} µs (${read.cpu.toFixed(3)}×)`,
    );
  }
  console.log(
    `kept reads of the used BFF beside a new one: throughput ${within(beside.throughputHolds)} ${bar} %, ` +
      `CPU per answer ${within(beside.cpuHolds)} ${bar} %`,
  );
  context.save('wear', {
    ...{ before, after, use, heldBefore, heldAfter, verdict, besideUse, paired, beside },
    idleCpuShare: { fresh: idleBefore, afterUse: idleAfter },
  });
}
