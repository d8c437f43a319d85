/**
 * `GET /api/companies/us/{industry}` for the industry with the most companies: visitors through
 * the whole stack beside the bare node:http baseline, and members' personal rankings.
 *
 * Members need a session (accounts and auth arrive with issue 4), so their figure is taken one
 * layer down: transport requests with member values straight to rankings, from a load loop in
 * this process. It covers the personal re-weighing and the transport, not the BFF's HTTP part.
 */
import { ISSUE_KEYS, Patterns, type IssueWeights, type RequestOf } from '@upright/contracts';
import { transportTrust } from '@upright/platform';
import { RedisStreamsClient } from '@upright/transport';
import { Client } from 'pg';
import { lastValueFrom } from 'rxjs';
import type { LoadFigures } from './load';
import type { SuiteContext } from './run';

interface LargestIndustry {
  industry: string;
  companies: number;
}

export async function largestIndustry(databaseUrl: string): Promise<LargestIndustry> {
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const { rows } = await db.query<{ industry: string; companies: number }>(
      `SELECT membership.industry, count(*)::int AS companies
       FROM rankings.company_industries AS membership
       JOIN rankings.industries AS industry USING (industry)
       WHERE industry.active
       GROUP BY membership.industry
       ORDER BY companies DESC, membership.industry
       LIMIT 1`,
    );
    if (rows.length === 0) throw new Error('no active industry: load the sample data first');
    return rows[0];
  } finally {
    await db.end();
  }
}

/** Integer values 0–10 that differ per request, as different members' would. */
function memberValues(request: number): IssueWeights {
  return Object.fromEntries(
    ISSUE_KEYS.map((key, k) => [key, (request * 7 + k * 3) % 11]),
  ) as IssueWeights;
}

function percentile(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))];
}

/** `connections` concurrent request loops for `seconds`, like autocannon does over HTTP. */
async function memberLoad(
  client: RedisStreamsClient,
  industry: string,
  connections: number,
  seconds: number,
): Promise<LoadFigures> {
  const latencies: number[] = [];
  let errors = 0;
  let sent = 0;
  const stopAt = performance.now() + seconds * 1000;
  const loop = async () => {
    while (performance.now() < stopAt) {
      const request: RequestOf<typeof Patterns.rankings.industryCompanies> = {
        industry,
        period: null,
        memberValues: memberValues(sent++),
      };
      const started = performance.now();
      try {
        await lastValueFrom(client.send(Patterns.rankings.industryCompanies, request));
        latencies.push(performance.now() - started);
      } catch {
        errors++;
      }
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: connections }, loop));
  const elapsedSeconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requestsPerSecond: latencies.length / elapsedSeconds,
    p50Ms: percentile(latencies, 0.5),
    p99Ms: percentile(latencies, 0.99),
    errors,
    non2xx: 0,
    requests: latencies.length + errors,
  };
}

export async function benchCompanies(context: SuiteContext): Promise<void> {
  const { industry, companies } = await largestIndustry(context.rankingsDatabaseUrl);
  const { connections, durationSeconds } = context.load;
  const visitor = await context.againstBaseline(`${context.bffUrl}/api/companies/us/${industry}`);

  const client = new RedisStreamsClient({
    redisUrl: context.transport.redisUrl,
    keyPrefix: context.transport.keyPrefix,
    // Stands in for the BFF, with the development keys the bench's processes run with.
    trust: transportTrust('bff', { NODE_ENV: 'development' }),
  });
  let member: LoadFigures;
  try {
    await client.connect();
    await memberLoad(client, industry, connections, 1); // warm-up
    member = await memberLoad(client, industry, connections, durationSeconds);
  } finally {
    await client.close();
  }

  context.printTable(
    `GET /api/companies/us/${industry} (${companies} companies, ${visitor.bytes} bytes) — ${connections} connections, ${durationSeconds} s each`,
    [
      ['bare node:http, same JSON', visitor.baseline],
      ['visitor: BFF → rankings (cached)', visitor.stack],
      ['member: transport → rankings', member],
    ],
  );
  context.printRatio(visitor);
  console.log(
    'The member row is transport requests with member values, without the BFF; the `members` ' +
      'suite measures signed-in members through HTTP.',
  );
  context.save('api-companies', { industry, companies, visitor, member });
}
