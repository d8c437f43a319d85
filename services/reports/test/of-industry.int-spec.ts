import { randomUUID } from 'node:crypto';
import { DESK_PREVIEW_REPORTS_MAX, Patterns, WebPaths } from '@upright/contracts';
import { RedisConnection, type ServiceClient } from '@upright/platform';
import {
  serviceClientAs,
  startTestApp,
  testInfra,
  uniqueTransportPrefix,
  type StartedApp,
} from '@upright/platform/testing';
import { Client } from 'pg';
import { reportsService } from '../src/service';

/**
 * `reports.reports.of-industry` on real PostgreSQL, through the transport as the BFF calls
 * (decision 0077 §4): an industry's published reports, the ones whose ranking is frozen and so
 * does not follow a new data set (decision 0005), newest first.
 */
describe("an industry's published reports", () => {
  const infra = testInfra();
  const prefix = uniqueTransportPrefix('reports-of-industry');
  const tag = randomUUID().slice(0, 6);
  const industry = `zz-${tag}-desk`;
  const other = `zz-${tag}-other`;
  // Far above the sample's ids, and different on every run.
  const firstId = 1_000_000 + Math.floor(Math.random() * 1_000_000_000);
  let reports: StartedApp;
  let bff: ServiceClient;
  let db: Client;

  async function report(
    reportId: number,
    date: string,
    options: { industry?: string; frozen?: boolean } = {},
  ): Promise<void> {
    await db.query(
      `INSERT INTO reports.reports
         (report_id, title, slug, published_date, industry, value, geography, count, "primary",
          major, major_ranking, archived, featured, period_year, period_qrt, report)
       VALUES ($1, $2, $3, $4, $5, 'climate', 'us', 2, true, false, false, false, false, 2031, 1,
               '## Test')`,
      [reportId, `Report ${reportId}`, `report-${reportId}`, date, options.industry ?? industry],
    );
    if (options.frozen ?? true) {
      await db.query(
        `INSERT INTO reports.report_snapshots
           (report_id, period_year, period_qrt, lowest_rank, rankings, frozen_by)
         VALUES ($1, 2031, 1, 2, '[]', 'test')`,
        [reportId],
      );
    }
  }

  const ofIndustry = (name: string) => bff.request(Patterns.reports.ofIndustry, { industry: name });

  beforeAll(async () => {
    db = new Client({ connectionString: infra.adminUrl() });
    await db.connect();
    // Two published on one day (the higher id first), one older, one never published, and one
    // of another industry.
    await report(firstId, '2031-04-01');
    await report(firstId + 1, '2031-05-01');
    await report(firstId + 2, '2031-05-01');
    await report(firstId + 3, '2031-06-01', { frozen: false });
    await report(firstId + 4, '2031-07-01', { industry: other });
    reports = await startTestApp(reportsService, {
      REDIS_URL: infra.redisUrl,
      TRANSPORT_PREFIX: prefix,
      QUEUE_PREFIX: prefix,
      DATABASE_URL: infra.databaseUrl('reports'),
    });
    bff = await serviceClientAs('bff', { REDIS_URL: infra.redisUrl, TRANSPORT_PREFIX: prefix });
  });

  afterAll(async () => {
    await bff?.onApplicationShutdown();
    const redis = reports?.app.get(RedisConnection).redis;
    if (redis) {
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length > 0) await redis.del(...keys);
    }
    await reports?.app.close();
    await db.query('DELETE FROM reports.reports WHERE industry IN ($1, $2)', [industry, other]);
    await db.end();
  });

  it('lists the published ones, newest first, each with the path the site links', async () => {
    await expect(ofIndustry(industry)).resolves.toEqual(
      [
        [firstId + 2, '2031-05-01'],
        [firstId + 1, '2031-05-01'],
        [firstId, '2031-04-01'],
      ].map(([id, date]) => ({
        report_id: id,
        title: `Report ${id}`,
        path: WebPaths.report(String(id), date as string, `report-${id}`),
        published_date: date,
      })),
    );
  });

  it('lists none for an industry without published reports', async () => {
    await expect(ofIndustry(`zz-${tag}-none`)).resolves.toEqual([]);
  });

  it(`lists at most ${DESK_PREVIEW_REPORTS_MAX}, the newest`, async () => {
    const many = `zz-${tag}-many`;
    const ids = Array.from({ length: DESK_PREVIEW_REPORTS_MAX + 1 }, (_, i) => firstId + 10 + i);
    try {
      for (const [i, id] of ids.entries()) {
        await report(id, `2030-01-${String(1 + (i % 28)).padStart(2, '0')}`, { industry: many });
      }
      const listed = await ofIndustry(many);
      expect(listed).toHaveLength(DESK_PREVIEW_REPORTS_MAX);
      // The oldest (2030-01-01, the lower of its two ids) is the one left out.
      expect(listed.map((entry) => entry.report_id)).not.toContain(ids[0]);
      const dates = listed.map((entry) => entry.published_date);
      expect(dates).toEqual([...dates].sort().reverse());
    } finally {
      await db.query('DELETE FROM reports.reports WHERE industry = $1', [many]);
    }
  });

  it('refuses what is not an industry slug, and unknown fields', async () => {
    await expect(
      bff.request(Patterns.reports.ofIndustry, { industry: 'Not A Slug!' }),
    ).rejects.toMatchObject({ code: 'validation_failed', field: 'industry' });
    await expect(
      bff.request(Patterns.reports.ofIndustry, { industry: 42 } as never),
    ).rejects.toMatchObject({ code: 'validation_failed', field: 'industry' });
    await expect(
      bff.request(Patterns.reports.ofIndustry, { industry, page: 1 } as never),
    ).rejects.toMatchObject({ code: 'validation_failed' });
  });
});
