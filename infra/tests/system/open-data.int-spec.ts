import {
  ISSUES,
  METHODOLOGY_VERSION,
  OPEN_DATA_LICENCE,
  type IndustryCompaniesResponse,
  type PublishedReport,
} from '@upright/contracts';
import { RedisConnection } from '@upright/platform';
import type { StartedApp } from '@upright/platform/testing';
import { startTestApp, testInfra, uniqueTransportPrefix } from '@upright/platform/testing';
import { parse } from 'csv-parse/sync';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { dataVersionKey } from '@upright/rankings/testing';
import { bffService } from '@upright/bff';
import { startDataServices } from './support/data-services';
import { HISTORY_PERIODS, historyIndustry } from './support/history-industry';

/**
 * docs/product/rules.md#s12 open data end to end (HTTP → BFF → Redis Streams → rankings and reports
 * → Postgres): the files hold what the API answers, with period, methodology, sources and licence.
 */
describe('open data downloads', () => {
  const infra = testInfra();
  const prefix = uniqueTransportPrefix('opendata');
  const tag = randomUUID().slice(0, 6);
  const tools = historyIndustry(tag);
  const reportId = 1_000_000 + Math.floor(Math.random() * 1_000_000_000);
  const sourceUrl = `https://example.org/${tag}/anvil-filing`;
  const reportSourceUrl = `https://example.org/${tag}/report-method`;

  let admin: Client;
  let rankings: StartedApp;
  let reports: StartedApp;
  let bff: StartedApp;

  async function get(path: string) {
    const response = await fetch(`${bff.url}${path}`);
    return {
      status: response.status,
      type: response.headers.get('content-type'),
      text: await response.text(),
    };
  }

  const rows = (csv: string) =>
    parse(csv, { columns: true, skip_empty_lines: true }) as Record<string, string>[];

  beforeAll(async () => {
    admin = new Client({ connectionString: infra.adminUrl() });
    await admin.connect();
    await tools.seed(admin);
    await admin.query(
      `INSERT INTO reports.reports
         (report_id, title, slug, published_date, industry, value, geography, count, "primary",
          period_year, period_qrt, report)
       VALUES ($1, $2, $3, '2026-05-01', $4, 'overall', 'us', 3, true, 2026, 1, '## Tools')`,
      [reportId, `Tools ${tag}`, `tools-${tag}`, tools.industry],
    );
    await admin.query(
      `INSERT INTO reports.report_sources
         (report_id, upright_cid, source_publisher, source_url, source_date, title)
       VALUES ($1, $2, 'Filings', $3, '2026-04-01', 'Annual filing'),
              ($1, NULL, 'Upright', $4, '2026-04-02', 'How we ranked')`,
      [reportId, tools.seeds[0].cid, sourceUrl, reportSourceUrl],
    );
    const common = { REDIS_URL: infra.redisUrl, TRANSPORT_PREFIX: prefix };
    ({ rankings, reports } = await startDataServices(common, `${prefix}-queues`));
    bff = await startTestApp(bffService, { ...common, WEB_DIST_DIR: '' });
  });

  afterAll(async () => {
    await rankings?.app.get(RedisConnection).redis.del(dataVersionKey(prefix, tools.industry));
    await bff?.app.close();
    await reports?.app.close();
    await rankings?.app.close();
    await admin.query('DELETE FROM reports.reports WHERE report_id = $1', [reportId]);
    await tools.remove(admin);
    await admin.end();
  });

  describe.each(HISTORY_PERIODS)('an industry at $period_year Q$period_qrt', (period) => {
    const query = `?year=${period.period_year}&qrt=${period.period_qrt}`;

    it('JSON: the API answer of the same period, with its facts', async () => {
      const api = await get(`/api/companies/us/${tools.industry}${query}`);
      const file = await get(`/api/open/us/${tools.industry}.json${query}`);
      expect(file.status).toBe(200);
      const open = JSON.parse(file.text);
      expect(open.data).toEqual(JSON.parse(api.text) as IndustryCompaniesResponse);
      expect(open).toMatchObject({
        licence: OPEN_DATA_LICENCE,
        methodology_version: METHODOLOGY_VERSION,
        industry: tools.industry,
        period,
      });
    });

    it('CSV: one row per ranked company with every issue rank', async () => {
      const api = JSON.parse((await get(`/api/companies/us/${tools.industry}${query}`)).text);
      const ranked = (api as IndustryCompaniesResponse).result.ranked;
      const file = await get(`/api/open/us/${tools.industry}.csv${query}`);
      expect(file.status).toBe(200);
      expect(file.type).toBe('text/csv; charset=utf-8');
      const parsed = rows(file.text);
      expect(parsed.map((row) => row.upright_cid)).toEqual(ranked.map((c) => c.upright_cid));
      parsed.forEach((row, index) => {
        const company = ranked[index];
        expect(row.company_name).toBe(company.company_name);
        expect(Number(row.normalized_rank)).toBe(company.normalized_rank);
        expect(Number(row.arank)).toBe(company.arank);
        for (const issue of ISSUES) {
          expect(Number(row[`${issue.key}_rank`])).toBe(company[`${issue.key}_rank`]);
          expect(row[`${issue.key}_tied`]).toBe(String(company[`${issue.key}_tied`]));
        }
        expect(row).toMatchObject({
          period_year: String(period.period_year),
          period_qrt: String(period.period_qrt),
          methodology_version: METHODOLOGY_VERSION,
          licence: OPEN_DATA_LICENCE,
        });
      });
    });
  });

  it("names a company's sources in its row and in the JSON", async () => {
    const anvil = tools.seeds[0].cid;
    const csv = rows((await get(`/api/open/us/${tools.industry}.csv`)).text);
    expect(csv.find((row) => row.upright_cid === anvil)?.sources).toBe(sourceUrl);
    expect(csv.filter((row) => row.upright_cid !== anvil).map((row) => row.sources)).not.toContain(
      sourceUrl,
    );
    const json = JSON.parse((await get(`/api/open/us/${tools.industry}.json`)).text);
    expect(json.sources.map((source: { source_url: string }) => source.source_url)).toEqual([
      sourceUrl,
    ]);
  });

  it("a report: JSON is the report page's answer, CSV its ranking with sources", async () => {
    const report = JSON.parse((await get(`/api/report/${reportId}`)).text);
    const page = await get(`/api/published/${reportId}/${report.published_date}/${report.slug}`);
    const published = JSON.parse(page.text) as PublishedReport;
    const json = await get(`/api/open/reports/${reportId}.json`);
    expect(json.status).toBe(200);
    const open = JSON.parse(json.text);
    expect(open.data).toEqual(published);
    expect(open.period).toEqual(HISTORY_PERIODS[2]);
    expect(open.sources).toHaveLength(2);
    const csv = rows((await get(`/api/open/reports/${reportId}.csv`)).text);
    expect(csv.map((row) => row.upright_cid)).toEqual(
      published.rankings!.rankings.map((company) => company.upright_cid),
    );
    expect(csv.length).toBeGreaterThan(0);
    for (const row of csv) {
      expect(row.sources.split(' ')).toContain(reportSourceUrl);
      expect(row.methodology_version).toBe(METHODOLOGY_VERSION);
    }
  });

  describe('every industry at once', () => {
    it("JSON: each active industry's file at its latest period, with the licence", async () => {
      const file = await get('/api/open/us.json');
      expect(file.status).toBe(200);
      const open = JSON.parse(file.text) as {
        licence: string;
        methodology_version: string;
        industries: { industry: string }[];
      };
      expect(open).toMatchObject({
        licence: OPEN_DATA_LICENCE,
        methodology_version: METHODOLOGY_VERSION,
        market: 'us',
      });
      const own = open.industries.find((industry) => industry.industry === tools.industry);
      const alone = JSON.parse((await get(`/api/open/us/${tools.industry}.json`)).text);
      expect(own).toEqual(alone);
    });

    it("CSV: each industry's rows as its own file has them, after a column naming it", async () => {
      const file = await get('/api/open/us.csv');
      expect(file.status).toBe(200);
      expect(file.type).toBe('text/csv; charset=utf-8');
      const own = rows(file.text)
        .filter((row) => row.ranking === tools.industry)
        .map(({ ranking: _ranking, ...row }) => row);
      const alone = rows((await get(`/api/open/us/${tools.industry}.csv`)).text);
      expect(own).toEqual(alone);
      expect(own.length).toBeGreaterThan(0);
      expect(own[0]).toMatchObject({ licence: OPEN_DATA_LICENCE });
    });

    it('a market not covered is a 404; a malformed name a 400', async () => {
      expect((await get('/api/open/eu.csv')).status).toBe(404);
      const bad = await get('/api/open/us.xml');
      expect(bad.status).toBe(400);
      expect(JSON.parse(bad.text).error).toMatchObject({ field: 'file' });
    });
  });

  it('bad names are 400s naming the field; unknown ones 404s', async () => {
    const bad = await get(`/api/open/us/${tools.industry}.xml`);
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.text).error).toMatchObject({ code: 'validation_failed', field: 'file' });
    const badQuery = await get(`/api/open/us/${tools.industry}.csv?year=2026`);
    expect(JSON.parse(badQuery.text).error).toMatchObject({ field: 'qrt' });
    expect((await get(`/api/open/reports/x1.json`)).status).toBe(400);
    expect((await get(`/api/open/us/zz-${tag}-none.csv`)).status).toBe(404);
    expect((await get(`/api/open/eu/${tools.industry}.csv`)).status).toBe(404);
    expect((await get(`/api/open/reports/${reportId + 1}.csv`)).status).toBe(404);
  });

  it('a CSV asked again (now kept) is sent as the same bytes and type', async () => {
    const path = `/api/open/us/${tools.industry}.csv`;
    const first = await get(path);
    const second = await get(path);
    expect(second.text).toBe(first.text);
    expect(second.type).toBe('text/csv; charset=utf-8');
  });
});
