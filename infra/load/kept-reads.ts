/**
 * The crowd's "kept reads after ≥ 0.95× before": one kept public read (the home page's featured
 * reports, as a browser asks it) measured on the warm BFF replica before the crowd and again once
 * the stack has caught up with it. Straight at the replica, not through the ingress: the ingress
 * sends to one BFF before the crowd and to two after, and what the bar asks is whether the crowd
 * left the replica slower.
 *
 * On a machine shared with other work one wrk run moves by 10–20 % (infra/bench/wear.ts), so each
 * side is PAIRS alternating runs of the replica and of a bare node:http server sending the same
 * bytes, and its figure is the median of the replica's throughput ÷ the bare server's. Three
 * pairs were too few: one crowd's warm replica measured 0.79× bare after the crowd and 0.69× 20 s
 * later, with nothing changed in between.
 */
import { record, startBareServer } from '../bench/baseline';
import { median } from '../bench/wear';
import { answeredPerSecond, measure } from '../bench/wrk';

const KEPT_READ = '/api/reports/featured/1';
const HEADERS = { accept: 'application/json', 'accept-encoding': 'gzip' };
const PAIRS = 5;
const SECONDS = 2;
const CONNECTIONS = 50;

/** The median over PAIRS of the replica's answers a second ÷ the bare server's. */
export async function keptReadsToBare(bffUrl: string, barePort: number): Promise<number> {
  const url = `${bffUrl}${KEPT_READ}`;
  const answer = await record(url, { headers: HEADERS });
  if (answer.status !== 200) throw new Error(`${KEPT_READ} answered ${answer.status}`);
  const bare = await startBareServer(answer, barePort);
  try {
    const ratios: number[] = [];
    for (let pair = 0; pair < PAIRS; pair++) {
      const run = (target: string) =>
        measure({ url: target, connections: CONNECTIONS, seconds: SECONDS, headers: HEADERS });
      const stack = answeredPerSecond(await run(url));
      const alone = answeredPerSecond(await run(`${bare.url}${KEPT_READ}`));
      ratios.push(alone > 0 ? stack / alone : 0);
    }
    return median(ratios);
  } finally {
    await bare.stop();
  }
}
