/**
 * Kept reads after use (issue 22, "no slowdown with use"): the same kept reads measured on the
 * bench stack as it starts, then again right after the production mix of the k6 journeys
 * (infra/load's generators, as `make load-crowd` runs them) has been run against that very stack
 * for BENCH_WEAR_SECONDS (120) by BENCH_WEAR_CLIENTS (200) clients without think time. Each read is
 * compared with its own fresh figure and with the bare server in the same run; the bar is within 5 %
 * of fresh. Also printed: the BFF's heap and the answer store's size before and after (from its
 * metrics), so what grows with use shows beside what slows.
 */
import { JOURNEY_MIX } from '../k6/lib/journeys';
import { crowdFigures } from '../load/crowd-figures';
import { Generators } from '../load/generators';
import { signUpMembers } from '../load/members';
import { largestIndustry } from './reads';
import type { Comparison, SuiteContext } from './run';

const WEAR_SECONDS = Number(process.env.BENCH_WEAR_SECONDS ?? 120);
const WEAR_CLIENTS = Number(process.env.BENCH_WEAR_CLIENTS ?? 200);
const WEAR_MIX = process.env.BENCH_WEAR_MIX ? JSON.parse(process.env.BENCH_WEAR_MIX) : JOURNEY_MIX;
/** The bar: kept reads after use within 5 % of a fresh stack's. */
export const WEAR_BAR = 0.95;

/** The metrics that say what a process holds (a name prefix each). */
const HOLDINGS = [
  'nodejs_heap_size_used_bytes',
  'upright_answer_cache_bytes',
  'upright_answer_cache_entries',
  'nodejs_active_handles_total',
  'process_open_fds',
];

async function holdings(metricsUrl: string): Promise<Record<string, number>> {
  const text = await (await fetch(metricsUrl)).text();
  const found: Record<string, number> = {};
  // `name{labels} value`: every metric carries the registry's default label (the service).
  for (const line of text.split('\n')) {
    const name = line.split(/[{ ]/, 1)[0];
    if (HOLDINGS.includes(name)) found[name] = Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return found;
}

/**
 * Each read's throughput after use ÷ fresh, both as ratios to the bare server measured beside
 * them (so a machine busier in one half than the other does not pass for a slower stack), and
 * whether every one is within the bar.
 */
export function wearVerdict(
  before: readonly Comparison[],
  after: readonly Comparison[],
): { ratios: Array<{ what: string; ratio: number }>; holds: boolean } {
  const ratios = before.map((fresh, index) => ({
    what: fresh.what,
    ratio: after[index].throughputRatio / fresh.throughputRatio,
  }));
  return { ratios, holds: ratios.every(({ ratio }) => ratio >= WEAR_BAR) };
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
  const measureAll = async (when: string): Promise<Comparison[]> => {
    const comparisons: Comparison[] = [];
    for (const [what, path] of reads) {
      const answer = await context.record(`${context.bffUrl}${path}`);
      if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}`);
      comparisons.push(await context.compare(`${what} (${when})`, answer, { path }));
    }
    return comparisons;
  };

  const before = await measureAll('fresh');
  const heldBefore = await holdings(context.bffMetricsUrl);

  const members = await signUpMembers(context.bffUrl, 10, 'wear', 5);
  const generators = new Generators(2);
  let samples;
  try {
    samples = await generators.run({
      mode: 'closed',
      amount: WEAR_CLIENTS,
      seconds: WEAR_SECONDS,
      shares: WEAR_MIX,
      members,
      targets: [context.bffUrl],
      failover: false,
    });
  } finally {
    await generators.close();
  }
  const use = crowdFigures(samples, WEAR_SECONDS);
  const heldAfter = await holdings(context.bffMetricsUrl);
  const after = await measureAll('after use');

  context.print(
    `Kept reads fresh and after ${WEAR_SECONDS} s of the production mix by ${WEAR_CLIENTS} clients — ${context.connections} connections, ${context.seconds} s each`,
    [...before, ...after].flatMap((c) => [
      [`bare  ${c.what.slice(0, 38)}`, c.bare],
      [`stack ${c.what.slice(0, 38)}`, c.stack],
    ]),
  );
  console.log(
    `the use: ${use.requests} requests, ${use.rate.toFixed(0)} req/s, shed ${(use.shedShare * 100).toFixed(1)} %, ${use.timeouts} timeouts, ${use.otherErrors} other errors`,
  );
  const verdict = wearVerdict(before, after);
  for (const [index, { what, ratio }] of verdict.ratios.entries()) {
    console.log(
      `${what}: after use ${ratio.toFixed(3)}× fresh (${before[index].throughputRatio.toFixed(2)}× → ${after[index].throughputRatio.toFixed(2)}× bare)`,
    );
  }
  for (const name of HOLDINGS) {
    console.log(`BFF ${name}: ${heldBefore[name]} → ${heldAfter[name]}`);
  }
  console.log(
    `kept reads after use ${verdict.holds ? 'within' : 'NOT within'} ${Math.round((1 - WEAR_BAR) * 100)} % of fresh`,
  );
  context.save('wear', { before, after, use, heldBefore, heldAfter, verdict });
}
