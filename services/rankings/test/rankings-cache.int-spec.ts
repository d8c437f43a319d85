import { ISSUES } from '@upright/contracts';
import { RedisConnection } from '@upright/platform';
import type { StartedApp } from '@upright/platform/testing';
import { startTestApp, testInfra, uniqueTransportPrefix } from '@upright/platform/testing';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { CompaniesService } from '../src/companies/companies.service';
import {
  bumpDataVersions,
  dataVersionKey,
  initialiseDataVersion,
} from '../src/rankings-cache/data-version';
import { rankingsService } from '../src/service';

/**
 * The cache must be right with several replicas: each keeps its own in-process cache, and the
 * data version in Redis tells all of them at once that an industry's data changed.
 */
describe('rankings cache with two replicas', () => {
  const infra = testInfra();
  const prefix = uniqueTransportPrefix('rankings-cache');
  const tag = randomUUID().slice(0, 6);
  const industry = `zz-${tag}-kettles`;
  const companies = [`zz-${tag}-a`, `zz-${tag}-b`];
  let admin: Client;
  let replicas: StartedApp[] = [];
  const SCORE_COLUMNS = ISSUES.map((issue) => issue.scoreField).join(', ');

  beforeAll(async () => {
    admin = new Client({ connectionString: infra.adminUrl() });
    await admin.connect();
    await admin.query(
      `INSERT INTO rankings.industries (industry, industry_text) VALUES ($1, 'Kettles')`,
      [industry],
    );
    for (const [i, cid] of companies.entries()) {
      await admin.query(
        `INSERT INTO rankings.companies (upright_cid, company_name, slug, industry, structure)
         VALUES ($1, $2, $3, $4, 'Public')`,
        [cid, `Kettle ${i}`, `kettle-${i}`, industry],
      );
      await admin.query(
        'INSERT INTO rankings.company_industries (industry, upright_cid) VALUES ($1, $2)',
        [industry, cid],
      );
      // Equal everywhere except climate, where a is better.
      await admin.query(
        `INSERT INTO rankings.company_scores (upright_cid, period_year, period_qrt, ${SCORE_COLUMNS})
         VALUES ($1, 2026, 1, $2, 1, 1, 1, 1, 1, 1, 1, 1)`,
        [cid, i === 0 ? 10 : 20],
      );
    }
    const env = {
      REDIS_URL: infra.redisUrl,
      TRANSPORT_PREFIX: prefix,
      DATABASE_URL: infra.databaseUrl('rankings'),
      REQUEST_DEADLINE_MS: '1000',
    };
    replicas = [await startTestApp(rankingsService, env), await startTestApp(rankingsService, env)];
  });

  afterAll(async () => {
    const redis = replicas[0]?.app.get(RedisConnection).redis;
    await redis?.del(dataVersionKey(prefix, industry), dataVersionKey(prefix, `${industry}-x`));
    for (const replica of replicas) await replica.app.close();
    await admin.query('DELETE FROM rankings.companies WHERE upright_cid LIKE $1', [`zz-${tag}-%`]);
    await admin.query('DELETE FROM rankings.industries WHERE industry = $1', [industry]);
    await admin.end();
  });

  const firstOn = async (replica: StartedApp) => {
    const answer = await replica.app
      .get(CompaniesService)
      .industryCompanies({ industry, period: null });
    return answer.result.ranked[0].upright_cid;
  };

  it('every replica keeps its answer until the version changes, then all change together', async () => {
    expect(await firstOn(replicas[0])).toBe(companies[0]);
    expect(await firstOn(replicas[1])).toBe(companies[0]);

    await admin.query(
      'UPDATE rankings.company_scores SET climate_score = 1 WHERE upright_cid = $1',
      [companies[1]],
    );
    expect(await firstOn(replicas[0])).toBe(companies[0]);
    expect(await firstOn(replicas[1])).toBe(companies[0]);

    await bumpDataVersions(replicas[0].app.get(RedisConnection).redis, prefix, [industry]);
    expect(await firstOn(replicas[0])).toBe(companies[1]);
    expect(await firstOn(replicas[1])).toBe(companies[1]);
  });

  it('initialises a missing version from the clock, so a lost Redis cannot reuse old numbers', async () => {
    const redis = replicas[0].app.get(RedisConnection).redis;
    const other = `${industry}-x`;
    expect(await redis.get(dataVersionKey(prefix, other))).toBeNull();
    const before = Date.now();
    const initial = Number(await initialiseDataVersion(redis, prefix, other));
    expect(initial).toBeGreaterThanOrEqual(before);
    expect(await initialiseDataVersion(redis, prefix, other)).toBe(String(initial));

    await bumpDataVersions(redis, prefix, [other]);
    expect(await redis.get(dataVersionKey(prefix, other))).toBe(String(initial + 1));

    // As after a Redis restart without persistence: the first bump starts from the clock too.
    // A restart takes time; within the same millisecond the clock would give initial + 1 again.
    await new Promise((resolve) => setTimeout(resolve, 5));
    await redis.del(dataVersionKey(prefix, other));
    await bumpDataVersions(redis, prefix, [other]);
    expect(Number(await redis.get(dataVersionKey(prefix, other)))).toBeGreaterThan(initial + 1);
  });

  it('writes no version key for an industry that does not exist', async () => {
    const unknown = `zz-${tag}-no-such-industry`;
    await expect(
      replicas[0].app.get(CompaniesService).industryCompanies({ industry: unknown, period: null }),
    ).rejects.toMatchObject({ error: { code: 'not_found', field: 'industry' } });
    const redis = replicas[0].app.get(RedisConnection).redis;
    expect(await redis.exists(dataVersionKey(prefix, unknown))).toBe(0);
    expect(await redis.exists(dataVersionKey(prefix, industry))).toBe(1);
  });
});
