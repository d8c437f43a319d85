/**
 * The crowd's "kept reads after ≥ 0.95× before": one kept public read (the home page's featured
 * reports, as a browser asks it) measured straight at the warm BFF replica, not through the
 * ingress (which sends to one BFF before the crowd and to two after): the bar asks whether the
 * crowd left the replica slower.
 *
 * Before and after, each side is the median of PAIRS alternating runs of the replica and of a
 * bare node:http server sending the same bytes: the replica's CPU per answer (its /proc time over
 * a run ÷ the answers) and its throughput ÷ the bare server's. Minutes apart, the two sides meet
 * different machines: on this 2-core machine shared with 13 other processes the CPU per answer
 * moved from 52 to 68 µs between runs with nothing changed, and the throughput ratio by ±15 %
 * (one warm replica: 0.79× bare after the crowd, 0.69× 20 s later). So, as the wear bench does
 * (decision 0062), the bar is judged against a young BFF started beside the used one after the
 * crowd, given the production mix briefly, and measured in the same minute in alternating order
 * (`usedAgainstYoung`): a pair shares its minute of the machine.
 */
import { record, startBareServer } from '../bench/baseline';
import { besideVerdict, measurePairs, median, type SideSample } from '../bench/wear';
import { answeredPerSecond, measure } from '../bench/wrk';

const KEPT_READ = '/api/reports/featured/1';
const HEADERS = { accept: 'application/json', 'accept-encoding': 'gzip' };
const PAIRS = 5;
/** Paired rounds of the used and the young BFF: many short ones, so a burst of the host's load falls in few. */
const BESIDE_PAIRS = 7;
const SECONDS = 2;
const CONNECTIONS = 50;

/** A BFF replica to measure: where it answers and its process. */
export interface MeasuredBff {
  url: string;
  pid: number;
}

/** One run of the kept read at a BFF: its answers a second and its CPU per answer (µs). */
async function runAt(bff: MeasuredBff): Promise<SideSample> {
  const figures = await measure({
    url: `${bff.url}${KEPT_READ}`,
    connections: CONNECTIONS,
    seconds: SECONDS,
    headers: HEADERS,
    cpuOf: bff.pid,
  });
  const answered = figures.requests - figures.errors;
  if (figures.cpuSeconds === undefined)
    throw new Error(`${bff.url}: its process has no /proc entry`);
  return {
    requestsPerSecond: answeredPerSecond(figures),
    cpuMicrosPerAnswer: answered > 0 ? (figures.cpuSeconds * 1e6) / answered : Infinity,
  };
}

export interface KeptReads {
  /** The replica's answers a second ÷ the bare server's (median of the pairs). */
  toBare: number;
  /** The replica's CPU per answer, in microseconds (median of its runs). */
  cpuMicrosPerAnswer: number;
}

/** The warm replica's kept reads: its CPU per answer and its throughput beside a bare server's. */
export async function measureKeptReads(bff: MeasuredBff, barePort: number): Promise<KeptReads> {
  const answer = await record(`${bff.url}${KEPT_READ}`, { headers: HEADERS });
  if (answer.status !== 200) throw new Error(`${KEPT_READ} answered ${answer.status}`);
  const bare = await startBareServer(answer, barePort);
  try {
    const ratios: number[] = [];
    const costs: number[] = [];
    for (let pair = 0; pair < PAIRS; pair++) {
      const stack = await runAt(bff);
      const alone = answeredPerSecond(
        await measure({
          url: `${bare.url}${KEPT_READ}`,
          connections: CONNECTIONS,
          seconds: SECONDS,
          headers: HEADERS,
        }),
      );
      ratios.push(alone > 0 ? stack.requestsPerSecond / alone : 0);
      costs.push(stack.cpuMicrosPerAnswer);
    }
    return { toBare: median(ratios), cpuMicrosPerAnswer: median(costs) };
  } finally {
    await bare.stop();
  }
}

/**
 * The kept read on the used BFF and on a young one, BESIDE_PAIRS times in the same minute in
 * alternating order (the wear bench's pairs): the medians of young's CPU per answer ÷ used's
 * (`cpu`, below 1: the used one costs more) and of used's throughput ÷ young's.
 */
export async function usedAgainstYoung(
  used: MeasuredBff,
  young: MeasuredBff,
): Promise<{ cpu: number; throughput: number }> {
  for (const bff of [used, young]) {
    const answer = await record(`${bff.url}${KEPT_READ}`, { headers: HEADERS });
    if (answer.status !== 200) throw new Error(`${bff.url}${KEPT_READ} answered ${answer.status}`);
  }
  const paired = await measurePairs(BESIDE_PAIRS, [[KEPT_READ, KEPT_READ]], used, young, runAt);
  const [read] = besideVerdict(paired).reads;
  return { cpu: read.cpu, throughput: read.throughput };
}
