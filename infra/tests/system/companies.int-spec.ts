import {
  applicableIssues,
  DETAIL_TABLES,
  DETAIL_TABLE_NAMES,
  ISSUE_KEYS,
  companySlug,
  type Averages,
  type CompanyDetail,
  publicDataKeys,
  type IndustryCompaniesResponse,
  type IssueWeights,
  type TopCompaniesResponse,
} from '@upright/contracts';
import { bumpPublicVersions, RedisConnection } from '@upright/platform';
import type { StartedApp } from '@upright/platform/testing';
import {
  eventually,
  startTestApp,
  testInfra,
  uniqueTransportPrefix,
} from '@upright/platform/testing';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import {
  rankIndustry,
  rankIssues,
  rankOnIssue,
  rankOnNormalized,
  type RankableCompany,
} from '@upright/rankings/ranking-engine';
import { bumpDataVersions, dataVersionKey, RankingsCache } from '@upright/rankings/testing';
import { rankingsService } from '@upright/rankings';
import { makeAnswer, memberAnswerBody } from '@upright/bff/testing';
import { bffService } from '@upright/bff';
import { expandLists } from './support/industry-lists';

/**
 * The rankings calls of docs/product/rules.md#s6 end to end: HTTP → BFF → Redis Streams → rankings
 * → Postgres, with real Redis and Postgres. Every expected rank is computed by the ranking engine
 * from the seeded scores, so the test checks the wiring (rows → engine → API), not the engine.
 */
describe('rankings calls through the BFF', () => {
  const infra = testInfra();
  const prefix = uniqueTransportPrefix('companies');
  const tag = randomUUID().slice(0, 6);
  const widgets = `zz-${tag}-widgets`;
  const gadgets = `zz-${tag}-gadgets`;
  const retired = `zz-${tag}-retired`;
  const LATEST = { period_year: 2026, period_qrt: 1 };
  const OLDER = { period_year: 2025, period_qrt: 4 };
  const ALL_FIVE = Object.fromEntries(ISSUE_KEYS.map((key) => [key, 5])) as IssueWeights;
  /** Every industry seeded here lists climate alone: the only issue its sums add (rules §5). */
  const INDUSTRY_VALUES = ['climate'];
  const APPLICABLE = applicableIssues(INDUSTRY_VALUES);

  type Scores = Partial<Record<(typeof ISSUE_KEYS)[number], number | null>>;
  interface Seed {
    cid: string;
    name: string;
    industry: string;
    industries: string[];
    structure: string;
    alt_reporting?: boolean;
    scores: Array<{ period: typeof LATEST; values: Scores }>;
  }
  const base: Scores = {
    climate: 100,
    exec_pay: 20,
    lobbying: 5,
    tax: 10,
    price_inflation: 3,
    repurchases: 40,
    diverse_rep: 50,
    pay_gap: 8,
    net_neutrality: 1,
  };
  const cid = (name: string) => `zz-${tag}-${name}`;
  const seeds: Seed[] = [
    {
      cid: cid('alpha'),
      name: `Alpha Widgets ${tag}`,
      industry: widgets,
      industries: [widgets],
      structure: 'Public',
      scores: [
        { period: LATEST, values: { ...base, climate: 50, tax: 5 } },
        { period: OLDER, values: { ...base, climate: 90 } },
      ],
    },
    {
      // Ties Alpha on tax.
      cid: cid('beta'),
      name: `Beta Widgets ${tag}`,
      industry: widgets,
      industries: [widgets],
      structure: 'Public',
      scores: [{ period: LATEST, values: { ...base, climate: 70, tax: 5, lobbying: 1 } }],
    },
    {
      // No climate score: counts as 1500.
      cid: cid('gamma'),
      name: `Gamma Widgets ${tag}`,
      industry: widgets,
      industries: [widgets],
      structure: 'Public',
      scores: [{ period: LATEST, values: { ...base, climate: null, exec_pay: 1 } }],
    },
    {
      // Private, no alternative or self reporting: lowest rank on six issues.
      cid: cid('delta'),
      name: `Delta Widgets ${tag}`,
      industry: widgets,
      industries: [widgets],
      structure: 'Private',
      scores: [{ period: LATEST, values: { ...base, climate: 10, tax: 1, exec_pay: 1 } }],
    },
    {
      // Ranked in widgets, but its primary industry is gadgets.
      cid: cid('gizmo'),
      name: `Gizmo Gadgets ${tag}`,
      industry: gadgets,
      industries: [gadgets, widgets],
      structure: 'Public',
      scores: [{ period: LATEST, values: { ...base, climate: 20, net_neutrality: 9 } }],
    },
    {
      // Scores only in the older period.
      cid: cid('omega'),
      name: `Omega Widgets ${tag}`,
      industry: widgets,
      industries: [widgets],
      structure: 'Public',
      scores: [{ period: OLDER, values: { ...base, climate: 30 } }],
    },
  ];
  const alpha = seeds[0];

  let admin: Client;
  let rankings: StartedApp;
  let bff: StartedApp;

  const common = {
    REDIS_URL: infra.redisUrl,
    TRANSPORT_PREFIX: prefix,
    REQUEST_DEADLINE_MS: '3000',
  };

  async function seed(): Promise<void> {
    for (const [industry, active] of [
      [widgets, true],
      [gadgets, true],
      [retired, false],
    ] as const) {
      await admin.query(
        `INSERT INTO rankings.industries
           (industry, industry_text, industry_alts, definition, industry_values, "limit", active)
         VALUES ($1, $2, $3, $4, $5, 5, $6)`,
        [
          industry,
          `Text of ${industry}`,
          ['alt one'],
          `Definition of ${industry}`,
          INDUSTRY_VALUES,
          active,
        ],
      );
    }
    for (const company of seeds) {
      await admin.query(
        `INSERT INTO rankings.companies
           (upright_cid, company_name, slug, brands, industry, sectors, structure, alt_reporting,
            updated, hq_city, hq_state, hq_latitude, hq_longitude)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, '2026-02-01', 'Boise', 'ID', 43.615, -116.2015)`,
        [
          company.cid,
          company.name,
          companySlug(company.name),
          [`${company.name} brand`],
          company.industry,
          ['Industrials'],
          company.structure,
          company.alt_reporting ?? false,
        ],
      );
      for (const industry of company.industries) {
        await admin.query(
          'INSERT INTO rankings.company_industries (industry, upright_cid) VALUES ($1, $2)',
          [industry, company.cid],
        );
      }
      for (const { period, values } of company.scores) {
        await writeScores(company.cid, period, values);
      }
    }
    // Alpha has every detail table at the latest period, and an older lobbying entry.
    for (const table of DETAIL_TABLE_NAMES) {
      const metrics = Object.fromEntries(
        DETAIL_TABLES[table].metrics.map((metric, i) => [
          metric.name,
          metric.unit === 'text' ? '2040' : 100 + i,
        ]),
      );
      await writeDetail(table, LATEST, metrics);
    }
    await writeDetail('companies_lobbyings', OLDER, { lobbying_spend: 1, lobbyists: 1 });
    // Alpha's peers: Beta's climate figures of the same period count, Omega's older ones do not.
    const omega = seeds.find((seed) => seed.name.startsWith('Omega'))!;
    await writeDetail(
      'companies_climates',
      LATEST,
      { scope1_emissions: 300, emissions_intensity: 50 },
      seeds[1].cid,
    );
    await writeDetail('companies_climates', OLDER, { scope1_emissions: 1 }, omega.cid);
  }

  async function writeScores(company: string, period: typeof LATEST, values: Scores) {
    await admin.query(
      `INSERT INTO rankings.company_scores
         (upright_cid, period_year, period_qrt, climate_score, exec_comp_score, us_lobbying_score,
          us_tax_score, price_inflation_score, repurchased_score, diverse_rep_score,
          diverse_pay_gap_score, net_neutrality_score)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
      [company, period.period_year, period.period_qrt, ...ISSUE_KEYS.map((key) => values[key])],
    );
  }

  async function writeDetail(
    table: string,
    period: typeof LATEST,
    metrics: object,
    company = alpha.cid,
  ) {
    await admin.query(
      `INSERT INTO rankings.company_details
         (detail_table, upright_cid, period_year, period_qrt, metrics, source_publisher,
          source_url, source_date)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        table,
        company,
        period.period_year,
        period.period_qrt,
        JSON.stringify(metrics),
        `Publisher of ${table}`,
        `https://example.org/${table}/${period.period_year}`,
        `${period.period_year}-0${period.period_qrt}-15`,
      ],
    );
  }

  /** The engine's input for the seeded companies in one ranked set. */
  function rankable(period: typeof LATEST, filter: (company: Seed) => boolean): RankableCompany[] {
    return seeds.filter(filter).flatMap((company) => {
      const scores = company.scores.find(
        (entry) =>
          entry.period.period_year === period.period_year &&
          entry.period.period_qrt === period.period_qrt,
      );
      if (!scores) return [];
      return [
        {
          upright_cid: company.cid,
          company_name: company.name,
          structure: company.structure,
          alt_reporting: company.alt_reporting ?? false,
          self_reporting: false,
          scores: Object.fromEntries(
            ISSUE_KEYS.map((key) => [key, scores.values[key] ?? null]),
          ) as RankableCompany['scores'],
        },
      ];
    });
  }
  const listedInWidgets = (company: Seed) => company.industries.includes(widgets);

  async function get(path: string): Promise<{ status: number; body: unknown; text: string }> {
    const response = await fetch(`${bff.url}${path}`);
    const text = await response.text();
    return { status: response.status, text, body: text ? JSON.parse(text) : undefined };
  }

  async function companiesOf(industry: string, query = '') {
    const response = await get(`/api/companies/us/${industry}${query}`);
    expect(response.status).toBe(200);
    const body = response.body as IndustryCompaniesResponse;
    return { ...body, result: expandLists(body.result) };
  }

  const ranksIn = (list: ReadonlyArray<{ upright_cid: string }>, field: string) =>
    list.map((company) => [company.upright_cid, (company as Record<string, unknown>)[field]]);

  beforeAll(async () => {
    admin = new Client({ connectionString: infra.adminUrl() });
    await admin.connect();
    await seed();
    rankings = await startTestApp(rankingsService, {
      ...common,
      DATABASE_URL: infra.databaseUrl('rankings'),
    });
    bff = await startTestApp(bffService, { ...common, WEB_DIST_DIR: '' });
  });

  afterAll(async () => {
    await rankings?.app
      .get(RedisConnection)
      .redis.del(dataVersionKey(prefix, widgets), dataVersionKey(prefix, gadgets));
    await bff?.app.close();
    await rankings?.app.close();
    await admin.query('DELETE FROM rankings.companies WHERE upright_cid LIKE $1', [`zz-${tag}-%`]);
    await admin.query('DELETE FROM rankings.industries WHERE industry LIKE $1', [`zz-${tag}-%`]);
    await admin.end();
  });

  describe('GET /api/industry/{industry}', () => {
    it('answers the industry', async () => {
      const response = await get(`/api/industry/${widgets}`);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        industry: widgets,
        industry_text: `Text of ${widgets}`,
        industry_alts: ['alt one'],
        definition: `Definition of ${widgets}`,
        industry_values: ['climate'],
        limit: 5,
      });
    });

    it('is 404 for unknown and inactive industries', async () => {
      for (const industry of [`zz-${tag}-nothing`, retired]) {
        const response = await get(`/api/industry/${industry}`);
        expect(response.status).toBe(404);
        expect(response.body).toEqual({
          error: {
            code: 'not_found',
            message: `Unknown industry "${industry}"`,
            field: 'industry',
          },
        });
      }
    });
  });

  describe('GET /api/companies/{market}/{industry}', () => {
    it('ranks every company listing the industry at the latest period, as the engine does', async () => {
      const { result, industryResult, period } = await companiesOf(widgets);
      expect(period).toEqual(LATEST);
      expect(industryResult.industry).toBe(widgets);
      const engine = rankIndustry(rankable(LATEST, listedInWidgets), APPLICABLE, ALL_FIVE, null);
      expect(result.none).toBe(false);
      expect(result.pranked).toBeNull();
      expect(result.ranked.map((company) => company.upright_cid)).toEqual(
        engine.ranked.map((company) => company.upright_cid),
      );
      expect(ranksIn(result.ranked, 'normalized_rank')).toEqual(
        ranksIn(engine.ranked, 'normalized_rank'),
      );
      expect(ranksIn(result.aranked, 'arank')).toEqual(ranksIn(engine.aranked, 'arank'));
      for (const key of ISSUE_KEYS) {
        expect(ranksIn(result.ranked, `${key}_rank`)).toEqual(
          ranksIn(engine.ranked, `${key}_rank`),
        );
        expect(ranksIn(result.ranked, `${key}_tied`)).toEqual(
          ranksIn(engine.ranked, `${key}_tied`),
        );
      }
      // Omega has no latest scores; Gizmo is listed though its primary industry is gadgets.
      expect(result.ranked.map((company) => company.upright_cid)).not.toContain(cid('omega'));
      expect(result.ranked.map((company) => company.upright_cid)).toContain(cid('gizmo'));
    });

    it('shows the spec rules in the answer: tie, missing climate, undisclosed private company', async () => {
      const { result } = await companiesOf(widgets);
      const byCid = new Map(result.ranked.map((company) => [company.upright_cid, company]));
      expect(byCid.get(cid('alpha'))).toMatchObject({ tax_tied: true });
      expect(byCid.get(cid('beta'))!.tax_rank).toBe(byCid.get(cid('alpha'))!.tax_rank);
      expect(byCid.get(cid('gamma'))).toMatchObject({ climate_rank: 5 });
      expect(byCid.get(cid('gamma'))!.companies_scores.climate_score).toBeNull();
      expect(byCid.get(cid('delta'))).toMatchObject({ tax_rank: 5, exec_pay_rank: 5 });
    });

    it('gives each company its fields and its scores of the period', async () => {
      const { result } = await companiesOf(widgets);
      const gizmo = result.ranked.find((company) => company.upright_cid === cid('gizmo'))!;
      expect(gizmo).toMatchObject({
        _id: cid('gizmo'),
        company_name: `Gizmo Gadgets ${tag}`,
        slug: companySlug(`Gizmo Gadgets ${tag}`),
        brands: [`Gizmo Gadgets ${tag} brand`],
        subsidiaries: [],
        industry: gadgets,
        industries: [gadgets, widgets],
        sectors: ['Industrials'],
        structure: 'Public',
        alt_reporting: false,
        self_reporting: false,
        updated: '2026-02-01',
        companies_scores: { ...LATEST, climate_score: 20, net_neutrality_score: 9 },
      });
      for (const field of [
        'raw_rank',
        'tied',
        'raw_arank',
        'atied',
        'raw_prank',
        'prank',
        'ptied',
      ]) {
        expect(gizmo).toHaveProperty(field);
      }
    });

    it('ranks an asked-for period', async () => {
      const { result, period } = await companiesOf(widgets, '?year=2025&qrt=4');
      expect(period).toEqual(OLDER);
      expect(result.ranked.map((company) => company.upright_cid).sort()).toEqual(
        [cid('alpha'), cid('omega')].sort(),
      );
      const empty = await companiesOf(widgets, '?year=2001&qrt=1');
      expect(empty.result).toEqual({ ranked: [], aranked: [], pranked: null, none: true });
    });

    it("weighs a member's values on the kept visitor answer exactly as the engine does", async () => {
      const response = await get(`/api/companies/us/${widgets}`);
      const visitor = response.body as IndustryCompaniesResponse;
      const kept = makeAnswer(JSON.stringify(visitor), {
        domain: 'data',
        personal: 'industry-ranking',
      });
      const orders: string[][] = [];
      for (const values of [onlyOneIssue('climate'), onlyOneIssue('net_neutrality')]) {
        const body = memberAnswerBody(kept, values, () => undefined)!;
        const member = JSON.parse(body.toString('utf8')) as IndustryCompaniesResponse;
        const engine = rankIndustry(
          rankable(LATEST, listedInWidgets),
          APPLICABLE,
          ALL_FIVE,
          values,
        );
        expect(member.result.pranked).toEqual(engine.pranked!.map((c) => c.upright_cid));
        const expanded = expandLists(member.result).pranked!;
        for (const field of ['raw_prank', 'prank', 'ptied']) {
          expect(ranksIn(expanded, field)).toEqual(ranksIn(engine.pranked!, field));
        }
        // Everything but the personal fields is the visitor's answer, unchanged.
        const withoutPersonal = (answer: IndustryCompaniesResponse) => ({
          ...answer,
          result: {
            ...answer.result,
            pranked: null,
            ranked: answer.result.ranked.map((company) => ({
              ...company,
              raw_prank: null,
              prank: null,
              ptied: null,
            })),
          },
          // A member's own moves are personal too (decision 0047).
          moves: Object.fromEntries(
            Object.entries(answer.moves).map(([cid, move]) => [cid, { ...move, prank: null }]),
          ),
        });
        expect(withoutPersonal(member)).toEqual(visitor);
        orders.push(member.result.pranked!);
      }
      expect(orders[0]).not.toEqual(orders[1]);
    });

    it('serves unchanged data from the cache, and new data once the version is bumped', async () => {
      const cache = rankings.app.get(RankingsCache);
      const before = await companiesOf(widgets);
      const loads = cache.stats.loads;
      expect(await companiesOf(widgets)).toEqual(before);
      expect(cache.stats.loads).toBe(loads);

      // Beta becomes best on climate, without telling anyone: the cached ranking stays.
      await admin.query(
        `UPDATE rankings.company_scores SET climate_score = 1
         WHERE upright_cid = $1 AND period_year = 2026 AND period_qrt = 1`,
        [cid('beta')],
      );
      seeds[1].scores[0].values.climate = 1; // what the engine is given from now on
      expect(await companiesOf(widgets)).toEqual(before);

      // The importer bumps the versions after committing: the next answer has the new data.
      const redis = rankings.app.get(RedisConnection).redis;
      await bumpDataVersions(redis, prefix, [widgets]);
      // Rankings has the new data, but the BFF keeps its answer until the public version moves.
      expect(await companiesOf(widgets)).toEqual(before);
      await bumpPublicVersions(redis, prefix, ['data']);
      const after = await eventually('the new data through the BFF', async () => {
        const answer = await companiesOf(widgets);
        return JSON.stringify(answer) !== JSON.stringify(before) && answer;
      });
      const beta = after.result.ranked.find((company) => company.upright_cid === cid('beta'))!;
      expect(beta.companies_scores.climate_score).toBe(1);
      expect(beta.climate_rank).toBe(1);
      expect(cache.stats.loads).toBeGreaterThan(loads);
    });

    it('weighs visitors by the published averages once their publication is announced', async () => {
      const lobbyingFirst = Object.fromEntries(
        ISSUE_KEYS.map((key) => [key, key === 'lobbying' ? 10 : 0.5]),
      ) as IssueWeights;
      const redis = rankings.app.get(RedisConnection).redis;
      const published: Averages = {
        average_climate: 0.5,
        average_income_inequality: 0.5,
        average_lobbying: 10,
        average_tax: 0.5,
        average_consumer_terms_conditions: 0.5,
        average_wealth_concentration: 0.5,
        average_diverse_representation: 0.5,
        average_diverse_pay_equity: 0.5,
        average_net_neutrality: 0.5,
      };
      // Nothing published yet: every issue weighs 5, and the answer says so (rules §16).
      expect((await companiesOf(widgets)).basis).toBe('equal');
      // As accounts publishes them: the averages, then the version every BFF replica hears.
      await redis.set(publicDataKeys(prefix).publishedAverages, JSON.stringify(published));
      await bumpPublicVersions(redis, prefix, ['data']);
      const { result, weights, basis } = await eventually(
        'the published averages through the BFF',
        async () => {
          const answer = await companiesOf(widgets);
          return answer.basis === 'members' && answer;
        },
      );
      const engine = rankIndustry(
        rankable(LATEST, listedInWidgets),
        APPLICABLE,
        lobbyingFirst,
        null,
      );
      expect(ranksIn(result.aranked, 'raw_arank')).toEqual(ranksIn(engine.aranked, 'raw_arank'));
      // Widgets are not scored on lobbying: its weight moves no one (rules §5 rule 5), and the
      // climate order stands, each sum at half a point per climate place.
      expect(result.aranked.map((company) => company.upright_cid)).toEqual(
        result.ranked.map((company) => company.upright_cid),
      );
      for (const company of result.aranked)
        expect(company.raw_arank).toBe(company.climate_rank / 2);
      // The answer names the weights it used (rules §16).
      expect(weights).toEqual(lobbyingFirst);
      expect(basis).toBe('members');
    });

    it('is 404 for an unknown or inactive industry and an uncovered market', async () => {
      for (const path of [
        `/api/companies/us/zz-${tag}-nothing`,
        `/api/companies/us/${retired}`,
        `/api/companies/uk/${widgets}`,
      ]) {
        const response = await get(path);
        expect(response.status).toBe(404);
        expect((response.body as { error: { code: string } }).error.code).toBe('not_found');
      }
      const market = await get(`/api/companies/uk/${widgets}`);
      expect((market.body as { error: { field: string } }).error.field).toBe('market');
    });
  });

  describe('GET /api/primary/{market}/{industry}/{company}', () => {
    it('answers the company with every detail value and its source, and its ranks', async () => {
      const response = await get(`/api/primary/us/${widgets}/${companySlug(alpha.name)}`);
      expect(response.status).toBe(200);
      const detail = response.body as CompanyDetail;
      expect(detail).toMatchObject({
        _id: alpha.cid,
        company_name: alpha.name,
        industry: widgets,
        headquarters: { city: 'Boise', state: 'ID', latitude: 43.615, longitude: -116.2015 },
        industryList: [{ industry: widgets, industry_text: `Text of ${widgets}` }],
      });
      for (const table of DETAIL_TABLE_NAMES) {
        const entry = detail[table]!;
        expect(entry).toMatchObject({ ...LATEST });
        expect(entry.source).toEqual({
          source_publisher: `Publisher of ${table}`,
          source_url: `https://example.org/${table}/2026`,
          source_date: '2026-01-15',
        });
        expect(entry.metrics).toEqual(
          DETAIL_TABLES[table].metrics.map((metric, i) => ({
            ...metric,
            value: metric.unit === 'text' ? '2040' : 100 + i,
          })),
        );
      }
      const { result } = await companiesOf(widgets);
      const ranked = result.ranked.find((company) => company.upright_cid === alpha.cid)!;
      expect(detail.ranks).toMatchObject({
        period: LATEST,
        lowestRank: result.ranked.length,
        normalized_rank: ranked.normalized_rank,
        arank: ranked.arank,
        climate_rank: ranked.climate_rank,
        prank: null,
        companies_scores: ranked.companies_scores,
      });
    });

    it('names the issues that apply, and gives each figure shown its industry median and best', async () => {
      const response = await get(`/api/primary/us/${widgets}/${companySlug(alpha.name)}`);
      const detail = response.body as CompanyDetail;
      expect(detail.applicable_issues).toEqual(['climate']);
      expect(detail.peers.companies_climates).toEqual({
        ...LATEST,
        metrics: {
          scope1_emissions: { count: 2, median: 200, best: 100, worst: 300 },
          scope2_emissions: { count: 1, median: 101, best: 101, worst: 101 },
          emissions_intensity: { count: 2, median: 76, best: 50, worst: 102 },
        },
      });
      // Only the tables behind the industry's issues get peers (decision 0054).
      for (const table of DETAIL_TABLE_NAMES.filter((name) => name !== 'companies_climates')) {
        expect(detail.peers[table]).toBeNull();
      }
    });

    it('lists every active industry of the company, primary first', async () => {
      const response = await get(
        `/api/primary/us/${widgets}/${companySlug(`Gizmo Gadgets ${tag}`)}`,
      );
      expect((response.body as CompanyDetail).industryList.map((entry) => entry.industry)).toEqual([
        gadgets,
        widgets,
      ]);
    });

    it('is 204 with no body for a company the industry does not have', async () => {
      for (const path of [
        `/api/primary/us/${widgets}/no-such-company`,
        `/api/primary/us/${gadgets}/${companySlug(alpha.name)}`,
      ]) {
        const response = await get(path);
        expect(response.status).toBe(204);
        expect(response.text).toBe('');
      }
    });
  });

  describe('GET /api/rankings/… and /api/major/rankings/…', () => {
    const latest = `${LATEST.period_year}/${LATEST.period_qrt}`;

    it('ranks on an issue; primary=true keeps only companies whose primary industry it is', async () => {
      const all = await get(`/api/rankings/${widgets}/us/false/climate/10/false/${latest}`);
      const primary = await get(`/api/rankings/${widgets}/us/true/climate/10/false/${latest}`);
      expect(all.status).toBe(200);
      expect(primary.status).toBe(200);
      const cids = (answer: { body: unknown }) =>
        (answer.body as TopCompaniesResponse).rankings.map((company) => company.upright_cid);
      expect(cids(all)).toContain(cid('gizmo'));
      expect(cids(primary)).not.toContain(cid('gizmo'));

      const expectAll = rankOnIssue(
        rankIssues(rankable(LATEST, listedInWidgets), APPLICABLE),
        'climate',
        10,
      );
      const expectPrimary = rankOnIssue(
        rankIssues(
          rankable(LATEST, (company) => company.industry === widgets),
          APPLICABLE,
        ),
        'climate',
        10,
      );
      expect(cids(all)).toEqual(expectAll.map((company) => company.upright_cid));
      expect(cids(primary)).toEqual(expectPrimary.map((company) => company.upright_cid));
      expect(ranksIn((all.body as TopCompaniesResponse).rankings, 'climate_rank')).toEqual(
        ranksIn(expectAll, 'climate_rank'),
      );
      expect(all.body).toMatchObject({ lowestRank: 5, period: LATEST });
      expect(primary.body).toMatchObject({ lowestRank: 4 });
    });

    it('limits to count and ranks the major variant and `overall` on normalized_rank', async () => {
      const two = await get(`/api/rankings/${widgets}/us/false/tax/2/false/${latest}`);
      expect((two.body as TopCompaniesResponse).rankings).toHaveLength(2);

      const expected = rankOnNormalized(
        rankIssues(rankable(LATEST, listedInWidgets), APPLICABLE),
        3,
      ).map((company) => company.upright_cid);
      for (const path of [
        `/api/major/rankings/${widgets}/us/false/climate/3/true/${latest}`,
        `/api/rankings/${widgets}/us/false/overall/3/false/${latest}`,
      ]) {
        const answer = await get(path);
        expect(answer.status).toBe(200);
        const top = (answer.body as TopCompaniesResponse).rankings;
        expect(top.map((company) => company.upright_cid)).toEqual(expected);
        expect(top[0]).toMatchObject({ normalized_rank: 1, companies_scores: LATEST });
      }
    });

    it('is 404 for an unknown industry or geography', async () => {
      const unknown = await get(
        `/api/rankings/zz-${tag}-nothing/us/false/climate/10/false/${latest}`,
      );
      expect(unknown.status).toBe(404);
      const geography = await get(`/api/rankings/${widgets}/ca/false/climate/10/false/${latest}`);
      expect(geography.status).toBe(404);
      expect((geography.body as { error: { field: string } }).error.field).toBe('geography');
    });
  });

  describe('bad parameters', () => {
    const rankingsPath = (params: Partial<Record<string, string>>) => {
      const p = {
        industry: widgets,
        geography: 'us',
        primary: 'true',
        value: 'climate',
        count: '10',
        archived: 'false',
        year: '2026',
        qrt: '1',
        ...params,
      };
      return `/api/rankings/${p.industry}/${p.geography}/${p.primary}/${p.value}/${p.count}/${p.archived}/${p.year}/${p.qrt}`;
    };

    it.each([
      ['market', '/api/companies/US/widgets'],
      ['industry', '/api/companies/us/Bad_Industry'],
      ['industry', `/api/industry/${'x'.repeat(101)}`],
      ['qrt', `/api/companies/us/widgets?year=2026`],
      ['year', `/api/companies/us/widgets?year=1999&qrt=1`],
      ['company', `/api/primary/us/widgets/a..b`],
      ['company', `/api/primary/us/widgets/a%2Fb`],
      ['company', `/api/primary/us/widgets/a%00b`],
      ['company', `/api/primary/us/widgets/${'x'.repeat(201)}`],
      ['geography', rankingsPath({ geography: 'U.S.' })],
      ['primary', rankingsPath({ primary: 'maybe' })],
      ['value', rankingsPath({ value: 'happiness' })],
      ['count', rankingsPath({ count: '0' })],
      ['count', rankingsPath({ count: '101' })],
      ['archived', rankingsPath({ archived: 'yes' })],
      ['year', rankingsPath({ year: '2101' })],
      ['qrt', rankingsPath({ qrt: '0' })],
    ])('400 naming %s for %s', async (field, path) => {
      const response = await get(path);
      expect(response.status).toBe(400);
      const { error } = response.body as {
        error: { code: string; message: string; field: string };
      };
      expect(error.code).toBe('validation_failed');
      expect(error.field).toBe(field);
      expect(error.message).toMatch(new RegExp(`^${field} must `));
    });
  });
});

function onlyOneIssue(key: (typeof ISSUE_KEYS)[number]): IssueWeights {
  return Object.fromEntries(ISSUE_KEYS.map((k) => [k, k === key ? 10 : 0])) as IssueWeights;
}
