import { randomUUID } from 'node:crypto';
import {
  ISSUE_KEYS,
  Patterns,
  Queues,
  ERROR_TEXTS,
  REPORTS_PAGE_SIZE,
  WebPaths,
  type MajorReportsResponse,
  type PublishedReport,
  type Report,
  type ReportPage,
  type ReportSourcesResponse,
  type SearchIndexJobData,
  type TopCompaniesResponse,
} from '@upright/contracts';
import { bullmqOptions, RedisConnection, ServiceClient } from '@upright/platform';
import type { StartedApp } from '@upright/platform/testing';
import {
  serviceClientAs,
  startTestApp,
  testInfra,
  uniqueTransportPrefix,
} from '@upright/platform/testing';
import { Queue } from 'bullmq';
import { Client } from 'pg';
import { bumpDataVersions, dataVersionKey } from '@upright/rankings/testing';
import { bffService } from '@upright/bff';
import { reportsService } from '@upright/reports';
import { startDataServices } from './support/data-services';
import { importSample } from './support/sample-import';

interface Reply<T> {
  status: number;
  body: T;
  headers: Headers;
}

/**
 * The report calls end to end: HTTP → BFF → Redis Streams → reports (→ rankings) → Postgres, on
 * the sample data imported by the two import commands, as `make seed` does. Publishing, which
 * changes what it touches for good, uses a report and industry of this test's own.
 */
describe('report calls through the BFF', () => {
  const infra = testInfra();
  const prefix = uniqueTransportPrefix('reports');
  const queuePrefix = `${prefix}-queues`;
  const tag = randomUUID().slice(0, 6);
  const industry = `zz-${tag}-reports`;
  const cid = (name: string) => `ZZ${tag}${name}`;
  // Far above the sample's ids, and different on every run.
  const testReportId = 1_000_000 + Math.floor(Math.random() * 1_000_000_000);
  const common = {
    REDIS_URL: infra.redisUrl,
    TRANSPORT_PREFIX: prefix,
    REQUEST_DEADLINE_MS: '3000',
  };

  let admin: Client;
  let rankings: StartedApp;
  let reports: StartedApp;
  let bff: StartedApp;
  let searchQueue: Queue;
  let reportsImport: { stdout: string };

  async function get<T>(url: string, init: RequestInit = {}): Promise<Reply<T>> {
    const response = await fetch(`${bff.url}${url}`, init);
    const text = await response.text();
    return {
      status: response.status,
      headers: response.headers,
      body: (text ? JSON.parse(text) : undefined) as T,
    };
  }

  function importReports() {
    return importSample('reports', { REDIS_URL: infra.redisUrl, QUEUE_PREFIX: queuePrefix });
  }

  async function seedPublishFixture(): Promise<void> {
    await admin.query(
      `INSERT INTO rankings.industries (industry, industry_text, definition, "limit")
       VALUES ($1, $2, 'Test industry', 5)`,
      [industry, `Reports ${tag}`],
    );
    for (const [name, climate] of [
      ['A', 10],
      ['B', 20],
      ['C', 30],
    ] as const) {
      await admin.query(
        `INSERT INTO rankings.companies (upright_cid, company_name, slug, industry, structure)
         VALUES ($1, $2, $3, $4, 'Public')`,
        [cid(name), `Company ${name} ${tag}`, `company-${name.toLowerCase()}-${tag}`, industry],
      );
      await admin.query(
        'INSERT INTO rankings.company_industries (industry, upright_cid) VALUES ($1, $2)',
        [industry, cid(name)],
      );
      await admin.query(
        `INSERT INTO rankings.company_scores
           (upright_cid, period_year, period_qrt, climate_score, exec_comp_score, us_lobbying_score,
            us_tax_score, price_inflation_score, repurchased_score, diverse_rep_score,
            diverse_pay_gap_score, net_neutrality_score)
         VALUES ($1, 2031, 1, $2, 1, 1, 1, 1, 1, 1, 1, 1)`,
        [cid(name), climate],
      );
    }
    // The quarter before: A and B the other way round, C not ranked yet; and A's and B's climate
    // figures of the report's quarter.
    for (const [name, climate, intensity] of [
      ['A', 30, 100],
      ['B', 10, 300],
    ] as const) {
      await admin.query(
        `INSERT INTO rankings.company_scores
           (upright_cid, period_year, period_qrt, climate_score, exec_comp_score, us_lobbying_score,
            us_tax_score, price_inflation_score, repurchased_score, diverse_rep_score,
            diverse_pay_gap_score, net_neutrality_score)
         VALUES ($1, 2030, 4, $2, 1, 1, 1, 1, 1, 1, 1, 1)`,
        [cid(name), climate],
      );
      await admin.query(
        `INSERT INTO rankings.company_details
           (detail_table, upright_cid, period_year, period_qrt, metrics, source_publisher,
            source_url, source_date)
         VALUES ('companies_climates', $1, 2031, 1, $2, 'Publisher', 'https://example.org/c', '2031-02-01')`,
        [cid(name), JSON.stringify({ emissions_intensity: intensity })],
      );
    }
    await admin.query(
      `INSERT INTO reports.reports
         (report_id, title, slug, published_date, industry, value, geography, count, "primary",
          period_year, period_qrt, report)
       VALUES ($1, $2, $3, '2031-05-01', $4, 'climate', 'us', 2, true, 2031, 1, '## Test')`,
      [testReportId, `Climate test ${tag}`, `climate-test-${tag}`, industry],
    );
  }

  beforeAll(async () => {
    admin = new Client({ connectionString: infra.adminUrl() });
    await admin.connect();
    await importSample('rankings');
    reportsImport = await importReports();
    await seedPublishFixture();
    searchQueue = new Queue(
      Queues.searchIndex,
      bullmqOptions({ REDIS_URL: infra.redisUrl, QUEUE_PREFIX: queuePrefix }),
    );
    ({ rankings, reports } = await startDataServices(common, queuePrefix));
    bff = await startTestApp(bffService, { ...common, WEB_DIST_DIR: '' });
  });

  afterAll(async () => {
    await rankings?.app.get(RedisConnection).redis.del(dataVersionKey(prefix, industry));
    await bff?.app.close();
    await reports?.app.close();
    await rankings?.app.close();
    await searchQueue?.obliterate({ force: true });
    await searchQueue?.close();
    await admin.query('DELETE FROM reports.reports WHERE report_id = $1', [testReportId]);
    await admin.query('DELETE FROM rankings.companies WHERE upright_cid LIKE $1', [`ZZ${tag}%`]);
    await admin.query('DELETE FROM rankings.industries WHERE industry = $1', [industry]);
    await admin.end();
  });

  async function countWhere(condition: string): Promise<number> {
    const result = await admin.query<{ count: string }>(
      `SELECT count(*) FROM reports.reports WHERE ${condition}`,
    );
    return Number(result.rows[0].count);
  }

  async function allPages(list: 'latest' | 'featured'): Promise<ReportPage['items']> {
    const items: ReportPage['items'] = [];
    for (let page = 1; ; page++) {
      const reply = await get<ReportPage>(`/api/reports/${list}/${page}`);
      expect(reply.status).toBe(200);
      if (reply.body.items.length === 0) return items;
      items.push(...reply.body.items);
    }
  }

  describe('import', () => {
    it('stored the sample reports and sources, and a re-import changes nothing', async () => {
      expect(reportsImport.stdout).toMatch(/reports\s+\d+ new, \d+ changed, \d+ unchanged/);
      expect(await countWhere('report_id BETWEEN 1 AND 30')).toBe(30);
      const sources = await admin.query<{ count: string }>(
        'SELECT count(*) FROM reports.report_sources WHERE report_id BETWEEN 1 AND 30',
      );
      expect(Number(sources.rows[0].count)).toBe(88);
      const again = await importReports();
      expect(again.stdout).toMatch(/reports\s+0 new, 0 changed, 30 unchanged/);
      expect(again.stdout).toMatch(/report_sources\s+0 new, 0 changed, 88 unchanged/);
      expect(again.stdout).toContain('Nothing changed.');
    });

    it('queued the reports for search indexing once, however often it ran', async () => {
      const jobs = await searchQueue.getJobs(['waiting', 'delayed', 'active', 'completed']);
      const upserts = jobs.filter((job) => job.data.app === 'reports');
      expect(upserts).toHaveLength(1);
      const data = upserts[0].data as SearchIndexJobData['upsert'];
      expect(upserts[0].name).toBe('upsert');
      expect(data.documents).toHaveLength(30);
      expect(data.documents.find((document) => document.id === '19')).toEqual({
        id: '19',
        title: 'Beverages: The Overall Upright Ranking, Q2 2026',
        slug: 'beverages-the-overall-upright-ranking-q2-2026',
        published_date: '2026-08-12',
        industry: 'beverages',
        archived: false,
      });
    });
  });

  describe('lists', () => {
    it('latest: every report not archived, newest first, with the true count', async () => {
      const first = await get<ReportPage>('/api/reports/latest/1');
      expect(first.status).toBe(200);
      expect(first.body.count).toBe(await countWhere('NOT archived'));
      expect(first.body.pageSize).toBe(REPORTS_PAGE_SIZE);
      expect(first.body.items).toHaveLength(REPORTS_PAGE_SIZE);
      const all = await allPages('latest');
      expect(all).toHaveLength(first.body.count);
      expect(new Set(all.map((report) => report.report_id)).size).toBe(all.length);
      expect(all.every((report) => !report.archived)).toBe(true);
      const dates = all.map((report) => report.published_date);
      expect([...dates].sort().reverse()).toEqual(dates);
    });

    it('featured: only featured reports not archived', async () => {
      const all = await allPages('featured');
      expect(all.length).toBe(await countWhere('featured AND NOT archived'));
      expect(all.every((report) => report.featured && !report.archived)).toBe(true);
      expect(all.map((report) => report.report_id)).toEqual(
        expect.arrayContaining([16, 18, 20, 22, 24, 26, 28, 30]),
      );
    });

    it('a page beyond the end is empty and still counts everything', async () => {
      const reply = await get<ReportPage>('/api/reports/latest/999');
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual({
        items: [],
        count: await countWhere('NOT archived'),
        page: 999,
        pageSize: REPORTS_PAGE_SIZE,
      });
    });

    it('major: the reports of an industry and quarter, with its major ranking', async () => {
      const reply = await get<MajorReportsResponse>(
        '/api/reports/major/1/beverages/all/false/2026/2/false',
      );
      expect(reply.status).toBe(200);
      expect(reply.body.items.map((report) => report.report_id)).toEqual([17]);
      expect(reply.body.count).toBe(1);
      expect(reply.body.major?.report_id).toBe(19);
    });

    it('major: every major ranking of a quarter', async () => {
      const reply = await get<MajorReportsResponse>(
        '/api/reports/major/1/all/overall/false/2026/3/true',
      );
      expect(reply.status).toBe(200);
      expect(reply.body.items.map((report) => report.report_id).sort()).toEqual([
        20, 22, 25, 26, 27,
      ]);
      expect(reply.body.major?.report_id).toBe(27);
      const archived = await get<MajorReportsResponse>(
        '/api/reports/major/1/all/all/true/2025/2/false',
      );
      expect(archived.body.items.map((report) => report.report_id).sort()).toEqual([3, 4, 5, 6]);
      expect(archived.body.major).toBeNull();
    });
  });

  describe('one report', () => {
    it('GET /api/report/{id} answers the report with its copy', async () => {
      const reply = await get<Report>('/api/report/19');
      expect(reply.status).toBe(200);
      expect(reply.body).toMatchObject({
        report_id: 19,
        slug: 'beverages-the-overall-upright-ranking-q2-2026',
        published_date: '2026-08-12',
        industry: 'beverages',
        value: 'overall',
        major: true,
        major_ranking: true,
        period_year: 2026,
        period_qrt: 2,
        path: '/reports/19/2026-08-12/beverages-the-overall-upright-ranking-q2-2026',
      });
      expect(reply.body.report).toMatch(/^## Summary/);
    });

    it('every report in latest opens at its published path', async () => {
      for (const report of await allPages('latest')) {
        const webPath = WebPaths.report(
          String(report.report_id),
          report.published_date,
          report.slug,
        );
        expect(report.path).toBe(webPath);
        const reply = await get<PublishedReport>(
          webPath.replace(/^\/reports\//, '/api/published/'),
          {
            redirect: 'manual',
          },
        );
        expect(reply.status).toBe(200);
        expect(reply.body.report.report_id).toBe(report.report_id);
        expect(reply.body.canonical).toBe(webPath);
      }
    });

    it('a published major report has its major items and, not frozen, the ranking of today', async () => {
      const reply = await get<PublishedReport>(
        '/api/published/19/2026-08-12/beverages-the-overall-upright-ranking-q2-2026',
      );
      expect(reply.status).toBe(200);
      expect(reply.body.majorItems?.items.map((report) => report.report_id)).toEqual([17]);
      expect(reply.body.sources.length).toBeGreaterThan(0);
      expect(reply.body.sources.every((source) => source.report_id === 19)).toBe(true);
      const live = await get<TopCompaniesResponse>(
        '/api/major/rankings/beverages/us/true/overall/10/false/2026/2',
      );
      expect(reply.body.rankings).toEqual({ ...live.body, frozen: false });
      const notMajor = await get<PublishedReport>(
        '/api/published/17/2026-08-03/' + (await get<Report>('/api/report/17')).body.slug,
      );
      expect(notMajor.body.majorItems).toBeNull();
    });

    it('a wrong date or slug redirects to the canonical path; following it opens the report', async () => {
      const canonical =
        '/api/published/19/2026-08-12/beverages-the-overall-upright-ranking-q2-2026';
      for (const wrong of [
        '/api/published/19/2020-01-01/beverages-the-overall-upright-ranking-q2-2026',
        '/api/published/19/2026-08-12/an-old-title',
        '/api/published/19/not-a-date/%C3%BCnicode%20title',
      ]) {
        const moved = await get<{ location: string }>(wrong, { redirect: 'manual' });
        expect(moved.status).toBe(301);
        expect(moved.headers.get('location')).toBe(canonical);
        expect(moved.body.location).toBe(canonical);
      }
      const followed = await get<PublishedReport>('/api/published/19/2020-01-01/x');
      expect(followed.status).toBe(200);
      expect(followed.body.report.report_id).toBe(19);
    });

    it('an unknown report is a 404', async () => {
      for (const url of ['/api/report/2147483000', '/api/published/2147483000/2026-01-01/x']) {
        const reply = await get<unknown>(url);
        expect(reply.status).toBe(404);
        expect(reply.body).toEqual({
          error: { code: 'not_found', message: 'Unknown report 2147483000', field: 'report_id' },
        });
      }
    });
  });

  describe('sources', () => {
    it('lists the sources about the given companies', async () => {
      const reply = await get<ReportSourcesResponse>(
        '/api/reports/sources/UC000160,UC000167,UC000160',
      );
      expect(reply.status).toBe(200);
      expect(reply.body.sources.length).toBeGreaterThanOrEqual(2);
      expect(
        reply.body.sources.every((source) =>
          ['UC000160', 'UC000167'].includes(source.upright_cid!),
        ),
      ).toBe(true);
      expect(reply.body.sources).toContainEqual({
        report_id: 1,
        upright_cid: 'UC000160',
        source_publisher: 'Lanternfield Research',
        source_url: 'https://example.org/lanternfield-research/filings/uc000160/2024-q4',
        source_date: '2025-01-05',
        title: 'Jorisevar Health Partners disclosures, Q4 2024',
      });
      const none = await get<ReportSourcesResponse>('/api/reports/sources/NOSUCHCOMPANY');
      expect(none.body).toEqual({ sources: [] });
    });
  });

  describe('bad parameters', () => {
    it.each([
      ['/api/reports/latest/0', 'page'],
      ['/api/reports/latest/abc', 'page'],
      ['/api/reports/featured/1e3', 'page'],
      ['/api/reports/latest/10001', 'page'],
      ['/api/reports/major/1/Bad_Industry/all/false/2026/2/false', 'list'],
      ['/api/reports/major/1/all/vibes/false/2026/2/false', 'value'],
      ['/api/reports/major/1/all/all/maybe/2026/2/false', 'archived'],
      ['/api/reports/major/1/all/all/false/1999/2/false', 'year'],
      ['/api/reports/major/1/all/all/false/2026/5/false', 'qrt'],
      ['/api/reports/major/1/all/all/false/2026/2/yes', 'major'],
      ['/api/report/-1', 'id'],
      ['/api/report/12abc', 'id'],
      ['/api/published/0/2026-01-01/x', 'id'],
      [`/api/published/19/2026-01-01/${'x'.repeat(301)}`, 'slug'],
      ['/api/reports/sources/UC1,,UC2', 'companies'],
      ['/api/reports/sources/UC1%2F..%2Fetc', 'companies'],
      [
        `/api/reports/sources/${Array.from({ length: 101 }, (_, i) => `UC${i}`).join(',')}`,
        'companies',
      ],
    ])('%s is a 400 naming %s', async (url, field) => {
      const reply = await get<{ error: { code: string; field: string; message: string } }>(url);
      expect(reply.status).toBe(400);
      expect(reply.body.error).toMatchObject({ code: 'validation_failed', field });
      expect(reply.body.error.message).toMatch(new RegExp(`^${field} `));
    });
  });

  describe('publishing (over the transport, as the BFF calls it)', () => {
    const publish = () =>
      bff.app
        .get(ServiceClient)
        .request(Patterns.reports.publish, { report_id: testReportId, publishedBy: 'admin-test' });
    const publishedPath = `/api/published/${testReportId}/2031-05-01/climate-test-${tag}`;

    it('before publication the report shows the ranking of today', async () => {
      const reply = await get<PublishedReport>(publishedPath);
      expect(reply.status).toBe(200);
      expect(reply.body.rankings?.frozen).toBe(false);
      expect(reply.body.rankings?.rankings.map((company) => company.upright_cid)).toEqual([
        cid('A'),
        cid('B'),
      ]);
    });

    it('carries each company’s move since the previous quarter and its figures on the issue', async () => {
      const reply = await get<PublishedReport>(publishedPath);
      const [a, b] = reply.body.rankings!.rankings;
      const previous = { period_year: 2030, period_qrt: 4 };
      expect(a.previous).toEqual({ period: previous, rank: 2 });
      expect(b.previous).toEqual({ period: previous, rank: 1 });
      expect(a.figures).toEqual([
        {
          name: 'emissions_intensity',
          label: 'Emissions per $1M revenue',
          unit: 'tonnes_co2e',
          better: 'lower',
          value: 100,
        },
      ]);
      expect(b.figures?.map((metric) => metric.value)).toEqual([300]);
    });

    it('freezes the snapshot, stores lowestRank, and queues the search document', async () => {
      const first = await publish();
      expect(first.slug).toBe(`climate-test-${tag}`);
      expect(first.lowestRank).toBe(3);
      expect(first.normalized.map((company) => company.upright_cid)).toEqual([cid('A'), cid('B')]);
      expect(first.normalized.map((company) => company.climate_rank)).toEqual([1, 2]);
      // Frozen with the ranking: the moves and the figures.
      expect(first.normalized.map((company) => company.previous?.rank)).toEqual([2, 1]);
      expect(first.normalized[0].figures?.[0]?.value).toBe(100);
      expect(first.info).toMatchObject({
        report_id: testReportId,
        frozen: true,
        lowest_rank: 3,
        path: `/reports/${testReportId}/2031-05-01/climate-test-${tag}`,
      });
      const jobs = await searchQueue.getJobs(['waiting', 'delayed', 'active', 'completed']);
      const documents = jobs.flatMap(
        (job): unknown[] => (job.data as SearchIndexJobData['upsert']).documents,
      );
      expect(documents).toContainEqual(
        expect.objectContaining({ id: String(testReportId), title: `Climate test ${tag}` }),
      );
    });

    it('is idempotent and never changes the snapshot when the data changes', async () => {
      const first = await publish();
      // C becomes best on climate; rankings learn it as after an import.
      await admin.query(
        `UPDATE rankings.company_scores SET climate_score = 1
         WHERE upright_cid = $1 AND period_year = 2031 AND period_qrt = 1`,
        [cid('C')],
      );
      await bumpDataVersions(rankings.app.get(RedisConnection).redis, prefix, [industry]);
      const live = await get<TopCompaniesResponse>(
        `/api/rankings/${industry}/us/true/climate/2/false/2031/1`,
      );
      expect(live.body.rankings.map((company) => company.upright_cid)).toEqual([
        cid('C'),
        cid('A'),
      ]);

      const again = await publish();
      expect(again).toEqual(first);
      const page = await get<PublishedReport>(publishedPath);
      expect(page.body.rankings).toEqual({
        rankings: first.normalized,
        lowestRank: 3,
        period: { period_year: 2031, period_qrt: 1 },
        frozen: true,
        // The industry lists no issues: every issue applies (decision 0054).
        applicable_issues: [...ISSUE_KEYS],
      });
      const snapshots = await admin.query(
        'SELECT count(*)::int AS n FROM reports.report_snapshots WHERE report_id = $1',
        [testReportId],
      );
      expect(snapshots.rows[0].n).toBe(1);
    });

    it('publishing an unknown report is not_found', async () => {
      await expect(
        bff.app
          .get(ServiceClient)
          .request(Patterns.reports.publish, { report_id: 2147483000, publishedBy: 'admin-test' }),
      ).rejects.toMatchObject({ code: 'not_found', field: 'report_id' });
    });
  });

  describe('reports.search-documents.list', () => {
    it('pages every report by id for a full re-index', async () => {
      // Search (to index them) and the BFF (for the sitemap) ask for them; nobody else may
      // (decision 0016).
      const client = await serviceClientAs('search', common);
      const rankings = await serviceClientAs('rankings', common);
      try {
        await expect(
          rankings.request(Patterns.reports.searchDocuments, { limit: 1 }),
        ).rejects.toMatchObject({ code: 'forbidden' });
      } finally {
        await rankings.onApplicationShutdown();
      }
      const first = await client.request(Patterns.reports.searchDocuments, { limit: 10 });
      expect(first.map((document) => document.id)).toEqual(
        Array.from({ length: 10 }, (_, i) => String(i + 1)),
      );
      const next = await client.request(Patterns.reports.searchDocuments, {
        after: '10',
        limit: 5,
      });
      expect(next.map((document) => document.id)).toEqual(['11', '12', '13', '14', '15']);
      await expect(
        client.request(Patterns.reports.searchDocuments, { limit: 0 }),
      ).rejects.toMatchObject({ code: 'validation_failed', field: 'limit' });
      await client.onApplicationShutdown();
    });
  });

  describe('while rankings is away', () => {
    it('a report that needs the ranking of today is a 503 with retry advice, not a 500', async () => {
      // A BFF and reports of their own, on a transport where no rankings replica runs.
      const alone = { ...common, TRANSPORT_PREFIX: uniqueTransportPrefix('reports-alone') };
      const lonelyReports = await startTestApp(reportsService, {
        ...alone,
        DATABASE_URL: infra.databaseUrl('reports'),
        QUEUE_PREFIX: queuePrefix,
      });
      const lonelyBff = await startTestApp(bffService, { ...alone, WEB_DIST_DIR: '' });
      try {
        const report = (await get<Report>('/api/report/17')).body;
        const reply = await fetch(
          `${lonelyBff.url}/api/published/17/${report.published_date}/${report.slug}`,
        );
        expect(reply.status).toBe(503);
        expect(reply.headers.get('Retry-After')).toBe('15');
        expect(await reply.json()).toEqual({
          error: { code: 'service_unavailable', message: ERROR_TEXTS.serviceUnavailable },
        });
      } finally {
        await lonelyBff.app.close();
        await lonelyReports.app.close();
      }
    });
  });
});
