import { randomUUID } from 'node:crypto';
import { RedisConnection } from '@upright/platform';
import type { StartedApp } from '@upright/platform/testing';
import { startTestApp, testInfra, uniqueTransportPrefix } from '@upright/platform/testing';
import { Client } from 'pg';
import { CompanyDetailService } from '../src/companies/company-detail.service';
import { bumpDataVersions, dataVersionKey } from '../src/rankings-cache/data-version';
import { RankingsCache } from '../src/rankings-cache/rankings-cache';
import { rankingsService } from '../src/service';

/**
 * The company page, which the BFF's follow path reads on every write, is kept per data
 * version (real Postgres and Redis): a change written behind the service's back stays unseen
 * until the industry's data version moves, as an import or an accepted correction moves it.
 */
describe('the company page, kept per data version', () => {
  const infra = testInfra();
  const prefix = uniqueTransportPrefix('company-detail-cache');
  const tag = randomUUID().slice(0, 6);
  const industry = `zz-${tag}-pages`;
  const uprightCid = `ZZ${tag}P`;
  const company = `page-${tag}`;
  let db: Client;
  let rankings: StartedApp;

  beforeAll(async () => {
    db = new Client({ connectionString: infra.adminUrl() });
    await db.connect();
    await db.query(
      `INSERT INTO rankings.industries (industry, industry_text) VALUES ($1, 'Pages test')`,
      [industry],
    );
    await db.query(
      `INSERT INTO rankings.companies (upright_cid, company_name, slug, industry, structure)
       VALUES ($1, 'Page Co', $2, $3, 'Public')`,
      [uprightCid, company, industry],
    );
    await db.query(
      'INSERT INTO rankings.company_industries (industry, upright_cid) VALUES ($1, $2)',
      [industry, uprightCid],
    );
    rankings = await startTestApp(rankingsService, {
      REDIS_URL: infra.redisUrl,
      TRANSPORT_PREFIX: prefix,
      DATABASE_URL: infra.databaseUrl('rankings'),
    });
  });

  afterAll(async () => {
    await rankings?.app.get(RedisConnection).redis.del(dataVersionKey(prefix, industry));
    await rankings?.app.close();
    await db.query('DELETE FROM rankings.companies WHERE upright_cid = $1', [uprightCid]);
    await db.query('DELETE FROM rankings.industries WHERE industry = $1', [industry]);
    await db.end();
  });

  it('is read once per data version, and read again once the version moves', async () => {
    const pages = rankings.app.get(CompanyDetailService);
    const stats = rankings.app.get(RankingsCache).companyReadStats;
    const nameNow = async () => (await pages.detail({ industry, company }))?.company_name;
    expect(await nameNow()).toBe('Page Co');
    const loads = stats.loads;
    await db.query(
      `UPDATE rankings.companies SET company_name = 'Renamed Co' WHERE upright_cid = $1`,
      [uprightCid],
    );
    expect(await nameNow()).toBe('Page Co');
    expect(stats.loads).toBe(loads);

    await bumpDataVersions(rankings.app.get(RedisConnection).redis, prefix, [industry]);
    expect(await nameNow()).toBe('Renamed Co');
    expect(stats.loads).toBe(loads + 1);
  });

  it('keeps no answer for a company that does not exist', async () => {
    const pages = rankings.app.get(CompanyDetailService);
    const stats = rankings.app.get(RankingsCache).companyReadStats;
    const loads = stats.loads;
    expect(await pages.detail({ industry, company: `${company}-nope` })).toBeNull();
    expect(await pages.detail({ industry, company: `${company}-nope` })).toBeNull();
    expect(stats.loads).toBe(loads + 2);
  });
});
