import {
  ISSUE_KEYS,
  ISSUES,
  type CompanyHistoryResponse,
  type ComparisonResponse,
  type IndustryCompaniesResponse,
  type IndustryHistoryResponse,
  type IssueWeights,
  type Period,
} from '@upright/contracts';
import { RedisConnection } from '@upright/platform';
import type { StartedApp } from '@upright/platform/testing';
import { startTestApp, testInfra, uniqueTransportPrefix } from '@upright/platform/testing';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { rankIndustry, type RankedCompany as EngineRanked } from '@upright/rankings/ranking-engine';
import { dataVersionKey } from '@upright/rankings/testing';
import { rankingsService } from '@upright/rankings';
import { bffService } from '@upright/bff';
import { HISTORY_PERIODS, historyIndustry } from './support/history-industry';

/**
 * docs/product/rules.md#s12 end to end (HTTP → BFF → Redis Streams → rankings → Postgres): history,
 * moves and comparison agree with the ranking engine run on the seeded scores of every period.
 */
describe('history and comparison through the BFF', () => {
  const infra = testInfra();
  const prefix = uniqueTransportPrefix('history');
  const tag = randomUUID().slice(0, 6);
  const tools = historyIndustry(tag);
  const ALL_FIVE = Object.fromEntries(ISSUE_KEYS.map((key) => [key, 5])) as IssueWeights;
  const LATEST = HISTORY_PERIODS[HISTORY_PERIODS.length - 1];

  let admin: Client;
  let rankings: StartedApp;
  let bff: StartedApp;

  // The industry lists climate alone: the only issue its sums add (rules §5 rule 5).
  const engineAt = (period: Period) =>
    rankIndustry(tools.rankable(period), tools.applicable, ALL_FIVE, null);

  /** The fields history shares with the engine's answer (no names, no personal ranks). */
  function historicFields(company: EngineRanked): Record<string, unknown> {
    const {
      company_name: _name,
      raw_prank: _raw,
      prank: _prank,
      ptied: _ptied,
      ...ranks
    } = company;
    return ranks;
  }

  async function get(path: string, headers: Record<string, string> = {}) {
    const response = await fetch(`${bff.url}${path}`, { headers });
    const text = await response.text();
    return { response, status: response.status, body: text ? JSON.parse(text) : undefined };
  }

  beforeAll(async () => {
    admin = new Client({ connectionString: infra.adminUrl() });
    await admin.connect();
    await tools.seed(admin);
    const common = { REDIS_URL: infra.redisUrl, TRANSPORT_PREFIX: prefix };
    rankings = await startTestApp(rankingsService, {
      ...common,
      DATABASE_URL: infra.databaseUrl('rankings'),
    });
    bff = await startTestApp(bffService, { ...common, WEB_DIST_DIR: '' });
  });

  afterAll(async () => {
    await rankings?.app.get(RedisConnection).redis.del(dataVersionKey(prefix, tools.industry));
    await bff?.app.close();
    await rankings?.app.close();
    await tools.remove(admin);
    await admin.end();
  });

  it("answers the industry's ranking at every period as the engine ranks it", async () => {
    const { status, body } = await get(`/api/history/us/${tools.industry}`);
    expect(status).toBe(200);
    const history = body as IndustryHistoryResponse;
    expect(history.periods.map((entry) => entry.period)).toEqual(HISTORY_PERIODS);
    for (const entry of history.periods) {
      const engine = engineAt(entry.period);
      expect(entry.n).toBe(engine.ranked.length);
      expect(entry.ranked).toEqual(engine.ranked.map(historicFields));
    }
    expect(history.companies.map((company) => company.upright_cid)).toEqual(
      tools.seeds.map((seed) => seed.cid).sort(),
    );
    // The seed exercises what history must survive: missing scores, ties, the private rule.
    const rankable = HISTORY_PERIODS.flatMap((period) => tools.rankable(period));
    expect(rankable.some((company) => ISSUE_KEYS.some((key) => company.scores[key] === null))).toBe(
      true,
    );
    const entries = history.periods.flatMap((entry) => entry.ranked);
    expect(entries.some((entry) => entry.tax_tied)).toBe(true);
    const chisel = history.periods.map((entry) =>
      entry.ranked.find((company) => company.upright_cid === `zz-${tag}-chisel`),
    );
    expect(chisel.map((entry, i) => entry?.exec_pay_rank === history.periods[i].n)).toEqual([
      true,
      true,
      true,
    ]);
  });

  it("answers each company's ranks and scores at the periods it has scores", async () => {
    for (const seed of tools.seeds) {
      const { status, body } = await get(`/api/history/us/${tools.industry}/${tools.slugOf(seed)}`);
      expect(status).toBe(200);
      const history = body as CompanyHistoryResponse;
      expect(history).toMatchObject({ upright_cid: seed.cid, company_name: seed.name });
      expect(history.points.map((point) => point.period)).toEqual(
        seed.periods.map((index) => HISTORY_PERIODS[index]),
      );
      for (const point of history.points) {
        const engine = engineAt(point.period);
        const own = engine.ranked.find((company) => company.upright_cid === seed.cid)!;
        const { upright_cid: _cid, ...ranks } = historicFields(own);
        expect(point.ranks).toEqual(ranks);
        expect(point.n).toBe(engine.ranked.length);
        const scores = tools.scoresOf(seed, tools.periodIndex(point.period));
        for (const issue of ISSUES) {
          expect(point.companies_scores[issue.scoreField]).toBe(scores[issue.key]);
        }
      }
    }
  });

  it('is a public answer: strong ETag, 304 on If-None-Match', async () => {
    const path = `/api/history/us/${tools.industry}/${tools.slugOf(tools.seeds[0])}`;
    const first = await get(path);
    const etag = first.response.headers.get('etag');
    expect(etag).toMatch(/^"/);
    expect(first.response.headers.get('cache-control')).toMatch(/^public/);
    const again = await fetch(`${bff.url}${path}`, { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
  });

  it('answers 404 JSON for an unknown industry, company or market', async () => {
    const unknownIndustry = await get(`/api/history/us/zz-${tag}-nothing`);
    expect(unknownIndustry.status).toBe(404);
    expect(unknownIndustry.body.error).toMatchObject({ code: 'not_found', field: 'industry' });
    const unknownCompany = await get(`/api/history/us/${tools.industry}/nobody-${tag}`);
    expect(unknownCompany.status).toBe(404);
    expect(unknownCompany.body).toEqual({
      error: {
        code: 'not_found',
        message: `Unknown company "nobody-${tag}" in "${tools.industry}"`,
        field: 'company',
      },
    });
    const unknownMarket = await get(`/api/history/uk/${tools.industry}`);
    expect(unknownMarket.status).toBe(404);
    expect(unknownMarket.body.error.field).toBe('market');
  });

  it('gives each company of the industry answer its move since the previous period', async () => {
    const { body } = await get(`/api/companies/us/${tools.industry}`);
    const answer = body as IndustryCompaniesResponse;
    const previous = HISTORY_PERIODS[HISTORY_PERIODS.length - 2];
    expect(answer.period).toEqual(LATEST);
    expect(answer.previous_period).toEqual(previous);
    const before = new Map(engineAt(previous).ranked.map((c) => [c.upright_cid, c]));
    const expected = Object.fromEntries(
      engineAt(LATEST).ranked.map((now) => {
        const then = before.get(now.upright_cid);
        return [
          now.upright_cid,
          then
            ? {
                normalized_rank: then.normalized_rank - now.normalized_rank,
                arank: then.arank - now.arank,
                prank: null,
              }
            : { normalized_rank: null, arank: null, prank: null },
        ];
      }),
    );
    expect(answer.moves).toEqual(expected);
    // Gouge has scores only in the latest period: it is new.
    expect(answer.moves[`zz-${tag}-gouge`]).toEqual({
      normalized_rank: null,
      arank: null,
      prank: null,
    });
  });

  describe('GET /api/compare/us/{industry}?c=…', () => {
    const [anvil, chisel, file] = [0, 2, 5].map((index) => tools.seeds[index]);

    it("answers the companies in the reader's order with their ranks, figures and history", async () => {
      const slugs = [file, anvil, chisel].map(tools.slugOf);
      const { status, body } = await get(`/api/compare/us/${tools.industry}?c=${slugs.join(',')}`);
      expect(status).toBe(200);
      const comparison = body as ComparisonResponse;
      expect(comparison.industryResult.industry).toBe(tools.industry);
      expect(comparison.companies.map((company) => company.detail.upright_cid)).toEqual([
        file.cid,
        anvil.cid,
        chisel.cid,
      ]);
      const latest = engineAt(LATEST);
      for (const compared of comparison.companies) {
        const own = latest.ranked.find((c) => c.upright_cid === compared.detail.upright_cid)!;
        expect(compared.detail.ranks).toMatchObject({
          normalized_rank: own.normalized_rank,
          arank: own.arank,
          climate_rank: own.climate_rank,
          tax_rank: own.tax_rank,
        });
        const history = await get(`/api/history/us/${tools.industry}/${compared.detail.slug}`);
        expect(compared.history).toEqual((history.body as CompanyHistoryResponse).points);
      }
    });

    it('refuses fewer than two, more than four or repeated companies with a 400 naming c', async () => {
      const slugs = tools.seeds.map(tools.slugOf);
      for (const query of [
        `c=${slugs[0]}`,
        `c=${slugs.slice(0, 5).join(',')}`,
        `c=${slugs[0]},${slugs[0]}`,
        '',
      ]) {
        const { status, body } = await get(`/api/compare/us/${tools.industry}?${query}`);
        expect(status).toBe(400);
        expect(body.error).toMatchObject({ code: 'validation_failed', field: 'c' });
      }
    });

    it('answers 404 naming c when a company is unknown', async () => {
      const { status, body } = await get(
        `/api/compare/us/${tools.industry}?c=${tools.slugOf(anvil)},nobody-${tag}`,
      );
      expect(status).toBe(404);
      expect(body.error).toMatchObject({ code: 'not_found', field: 'c' });
    });
  });
});
