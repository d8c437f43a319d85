/**
 * Decision 0049: the URLs no kept copy of the exact URL answers. A shared page link with a new
 * `utm_source` per request (served the canonical page's kept bytes: ≥ 0.5× bare, like the page),
 * a new unknown path per request (the kept not-found page, sent by the edge: ≥ 0.3× the
 * canonical page), and every company page asked once right after a data change (each one a
 * render: renders per second and p99, within the limit of fresh work).
 */
import { bumpPublicVersions } from '@upright/platform';
import Redis from 'ioredis';
import { Client } from 'pg';
import { largestIndustry, type Comparison, type SuiteContext } from './suite';

const BROTLI = { 'Accept-Encoding': 'gzip, deflate, br' };
/** Well within the limit of fresh work (EDGE_MAX_IN_FLIGHT, 256): none shed. */
const RENDERS_AT_ONCE = 8;

export async function benchEdge(context: SuiteContext): Promise<void> {
  const { industry } = await largestIndustry(context.env('RANKINGS_DATABASE_URL'));
  const page = `/companies/us/${industry}`;
  const comparisons: Comparison[] = [];
  const kept = await context.record(`${context.bffUrl}${page}`, { headers: BROTLI });
  if (kept.status !== 200) throw new Error(`${page} answered ${kept.status}`);
  comparisons.push(
    await context.compare(`GET ${page}?utm_source=<new> (page, brotli)`, kept, {
      path: page,
      template: `${page}?utm_source=share{n}&utm_medium=social`,
      headers: BROTLI,
    }),
  );
  const notFound = await context.record(`${context.bffUrl}/no-such-page`, { headers: BROTLI });
  if (notFound.status !== 404) throw new Error(`/no-such-page answered ${notFound.status}`);
  // wrk counts every 404 as an error, for the bare server and the stack alike.
  comparisons.push(
    await context.compare('GET /no-such-page-<new> (404 page, brotli)', notFound, {
      path: '/no-such-page',
      template: '/no-such-page-{n}',
      headers: BROTLI,
    }),
  );
  context.print(
    `Edge — ${context.connections} connections, ${context.seconds} s each (a new URL per request; bare = node:http sending the same answer)`,
    comparisons.flatMap((c) => [
      [`bare  ${c.what.slice(0, 38)}`, c.bare],
      [`stack ${c.what.slice(0, 38)}`, c.stack],
    ]),
  );
  for (const c of comparisons) {
    console.log(
      `${c.what}: throughput ${c.throughputRatio.toFixed(2)}× bare, p99 ${c.p99Ratio.toFixed(2)}× bare`,
    );
  }
  const renders = await rendersAfterDataChange(context);
  console.log(
    `Every company page once after a data change (${renders.pages} pages, ${RENDERS_AT_ONCE} at once): ` +
      `${renders.rendersPerSecond.toFixed(1)} renders/s, p50 ${renders.p50Ms.toFixed(0)} ms, ` +
      `p99 ${renders.p99Ms.toFixed(0)} ms, ${renders.notOk} not 200`,
  );
  context.save('edge', { comparisons, renders });
}

async function rendersAfterDataChange(context: SuiteContext) {
  const paths = await companyPages(context.env('RANKINGS_DATABASE_URL'));
  const redis = new Redis(context.transport.redisUrl);
  try {
    await bumpPublicVersions(redis, context.transport.keyPrefix, ['data']);
  } finally {
    redis.disconnect();
  }
  // The replica hears the new version on its broadcast stream well within this.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const latencies: number[] = [];
  let notOk = 0;
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < paths.length) {
      const path = paths[next++];
      const asked = performance.now();
      const response = await fetch(`${context.bffUrl}${path}`, { headers: BROTLI });
      await response.arrayBuffer();
      latencies.push(performance.now() - asked);
      if (response.status !== 200) notOk += 1;
    }
  };
  await Promise.all(Array.from({ length: RENDERS_AT_ONCE }, worker));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (share: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(share * latencies.length))];
  return {
    pages: paths.length,
    rendersPerSecond: paths.length / seconds,
    p50Ms: at(0.5),
    p99Ms: at(0.99),
    notOk,
  };
}

/** Every company page of the active industries (each a distinct page to render). */
async function companyPages(rankingsDatabaseUrl: string): Promise<string[]> {
  const db = new Client({ connectionString: rankingsDatabaseUrl });
  await db.connect();
  try {
    const { rows } = await db.query<{ industry: string; slug: string }>(
      `SELECT membership.industry, company.slug
       FROM rankings.company_industries membership
       JOIN rankings.companies company USING (upright_cid)
       JOIN rankings.industries industry ON industry.industry = membership.industry
       WHERE industry.active
       ORDER BY membership.industry, company.slug`,
    );
    return rows.map((row) => `/companies/us/${row.industry}/${row.slug}`);
  } finally {
    await db.end();
  }
}
