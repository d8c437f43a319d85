import {
  Patterns,
  Queues,
  SearchIndexJobs,
  type CompanySearchDocument,
  type ReactiveSearchRequest,
  type ReactiveSearchResponse,
} from '@upright/contracts';
import { createPgAdapter, ServiceClient } from '@upright/platform';
import type { StartedApp } from '@upright/platform/testing';
import { eventually, serviceClientAs, startTestApp } from '@upright/platform/testing';
import { Queue } from 'bullmq';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import { rankingsService, validateImportFile } from '@upright/rankings';
import { pushToSearchIndex, RankingsPrisma, writeImport } from '@upright/rankings/testing';
import { reportsService } from '@upright/reports';
import { queryModel, SearchStack } from '@upright/search/testing';

const run = promisify(execFile);
const reindexCli = path.resolve(
  __dirname,
  '..',
  '..',
  '..',
  'services',
  'search',
  'dist',
  'reindex',
  'cli.js',
);

/**
 * Search indexing: an import is searchable without a restart; a restart of the
 * search service loses no queued index update; `make reindex` (a rebuild job) rebuilds from the
 * owners over the transport and swaps; a deleted member's analytics go.
 */
describe('search indexing through the search-index queue', () => {
  const stack = new SearchStack();
  const tag = stack.tag;
  const industry = `zz-${tag}-tools`;
  let rankings: StartedApp;
  let reports: StartedApp;
  // Report ids are integers shared by every test run: one far above the sample data's.
  const reportId = 900_000_000 + Math.floor(Math.random() * 99_999_999);
  let rankingsDb: RankingsPrisma;
  let client: ServiceClient;

  const search = (
    value: string,
    app: ReactiveSearchRequest['app'] = 'companies',
    memberUid: string | null = null,
  ) =>
    client.request(Patterns.search.reactiveSearch, {
      visitorKey: null,
      app,
      queries: [
        queryModel({
          id: 'q',
          value,
          queryFormat: 'and',
          dataField:
            app === 'companies'
              ? [
                  { field: 'company_name', weight: 1 },
                  { field: 'brands', weight: 1 },
                ]
              : app === 'industries'
                ? [{ field: 'industry_text', weight: 1 }]
                : [{ field: 'title', weight: 1 }],
        }),
      ],
      recordAnalytics: memberUid !== null,
      memberUid,
    }) as Promise<ReactiveSearchResponse>;
  const ids = async (value: string, app: ReactiveSearchRequest['app'] = 'companies') =>
    (await search(value, app)).results.q.hits.hits.map((hit) => hit._id);

  function dataSet(names: string[], active: boolean) {
    return {
      industries: [
        {
          industry,
          industry_text: `Tools ${tag}`,
          industry_alts: [],
          definition: 'Hand tools.',
          limit: 10,
          active,
        },
      ],
      companies: names.map((name, n) => ({
        upright_cid: `zz-${tag}-${n}`,
        company_name: `${name} ${tag}`,
        brands: [`${name}brand`],
        subsidiaries: [],
        industry,
        sectors: ['Industrials'],
        structure: 'Public',
        headquarters: { city: 'Boise', state: 'ID', latitude: 43.6, longitude: -116.2 },
      })),
    };
  }

  /** A company document of this run's industry that no import has. */
  const company = (key: string, name: string): CompanySearchDocument => ({
    id: `zz-${tag}-${key}`,
    company_name: `${name} ${tag}`,
    slug: key,
    brands: [],
    subsidiaries: [],
    industry,
    industries: [industry],
    sectors: [],
    updated: null,
    location: null,
  });

  async function importData(names: string[], active = true) {
    const validation = validateImportFile(dataSet(names, active));
    if (!validation.ok) throw new Error(JSON.stringify(validation.errors));
    await writeImport(rankingsDb, validation.file);
    return pushToSearchIndex(rankingsDb, {
      REDIS_URL: stack.infra.redisUrl,
      QUEUE_PREFIX: stack.queuePrefix,
    });
  }

  beforeAll(async () => {
    rankingsDb = new RankingsPrisma({
      adapter: createPgAdapter({
        DATABASE_URL: stack.infra.databaseUrl('rankings'),
        DATABASE_POOL_SIZE: 2,
      }),
    });
    rankings = await startTestApp(rankingsService, {
      ...stack.common,
      DATABASE_URL: stack.infra.databaseUrl('rankings'),
    });
    reports = await startTestApp(reportsService, {
      ...stack.common,
      DATABASE_URL: stack.infra.databaseUrl('reports'),
      QUEUE_PREFIX: stack.queuePrefix,
    });
    await stack.startSearch();
    // Searches come from the BFF; only it may send them (decision 0016).
    client = await serviceClientAs('bff', {
      REDIS_URL: stack.infra.redisUrl,
      TRANSPORT_PREFIX: stack.transportPrefix,
    });
  });

  afterAll(async () => {
    await client?.onApplicationShutdown();
    await rankings?.app.close();
    await reports?.app.close();
    await stack.close();
    const admin = new Client({ connectionString: stack.infra.adminUrl() });
    await admin.connect();
    try {
      await admin.query('DELETE FROM reports.reports WHERE report_id = $1', [reportId]);
      await admin.query('DELETE FROM rankings.companies WHERE industry = $1', [industry]);
      await admin.query('DELETE FROM rankings.industries WHERE industry = $1', [industry]);
    } finally {
      await admin.end();
    }
    await rankingsDb.$disconnect();
  });

  it('makes imported companies searchable without a restart', async () => {
    expect(await ids(`Hammerhead ${tag}`)).toEqual([]);
    const pushed = await importData(['Hammerhead', 'Wrenchworks']);
    expect(pushed).toBeGreaterThanOrEqual(3);
    await eventually(
      'the import is indexed',
      async () => (await ids(`Hammerhead ${tag}`)).length > 0,
    );
    expect(await ids(`Hammerhead ${tag}`)).toEqual([`zz-${tag}-0`]);
    expect(await ids('wrenchworksbrand')).toEqual([`zz-${tag}-1`]);
    expect(await ids(`Tools ${tag}`, 'industries')).toEqual([industry]);
  });

  it('loses no index update queued while the search service is down', async () => {
    await stack.stopSearch();
    const job = await stack.index('companies', [company('queued', 'Queued While Down')], false);
    expect(await job.getState()).toBe('waiting');
    await stack.startSearch();
    await stack.finished(job.id!);
    expect(await ids(`Queued While Down ${tag}`)).toEqual([`zz-${tag}-queued`]);
    // What was indexed before the restart is still there (reloaded from the search schema).
    expect(await ids(`Hammerhead ${tag}`)).toEqual([`zz-${tag}-0`]);
  });

  it('refuses a malformed job without retrying it', async () => {
    const job = await stack.queue.add(SearchIndexJobs.upsert, {
      app: 'companies',
      documents: [{ id: 1 }],
    });
    await expect(stack.finished(job.id!)).rejects.toThrow(/documents\.0\.id/);
    const failed = await stack.queue.getJob(job.id!);
    expect(failed?.attemptsMade).toBe(1);
  });

  it('rebuilds from rankings over the transport and swaps the new index in', async () => {
    // A document no owner has: a rebuild from the owners drops it.
    await stack.index('companies', [company('orphan', 'Orphan')]);
    expect(await ids(`Orphan ${tag}`)).toEqual([`zz-${tag}-orphan`]);
    const job = await stack.queue.add(SearchIndexJobs.rebuild, {
      apps: ['companies', 'industries'],
    });
    const counts = (await stack.finished(job.id!)) as Record<string, number>;
    expect(counts.companies).toBeGreaterThanOrEqual(2);
    expect(await ids(`Orphan ${tag}`)).toEqual([]);
    expect(await ids(`Wrenchworks ${tag}`)).toEqual([`zz-${tag}-1`]);
    expect(await ids(`Tools ${tag}`, 'industries')).toEqual([industry]);
  });

  it('rebuilds the reports index from the reports service', async () => {
    const admin = new Client({ connectionString: stack.infra.adminUrl() });
    await admin.connect();
    try {
      await admin.query(
        `INSERT INTO reports.reports (report_id, title, slug, published_date, industry, value, geography,
           count, period_year, period_qrt, report)
         VALUES ($1, $2, 'quarterly-tools', '2026-03-01', $3, 'climate', 'us', 10, 2026, 1, 'Copy.')`,
        [reportId, `Quarterly Tools ${tag}`, industry],
      );
    } finally {
      await admin.end();
    }
    expect(await ids(`Quarterly Tools ${tag}`, 'reports')).toEqual([]);
    const job = await stack.queue.add(SearchIndexJobs.rebuild, { apps: ['reports'] });
    const counts = (await stack.finished(job.id!)) as Record<string, number>;
    expect(counts.reports).toBeGreaterThanOrEqual(1);
    expect(await ids(`Quarterly Tools ${tag}`, 'reports')).toEqual([String(reportId)]);
  });

  it('make reindex: the CLI asks the running service for a rebuild of every app and waits', async () => {
    const { stdout } = await run(process.execPath, [reindexCli], {
      env: { ...process.env, REDIS_URL: stack.infra.redisUrl, QUEUE_PREFIX: stack.queuePrefix },
    });
    expect(stdout).toMatch(/reindex: done \{"companies":\d+,"industries":\d+,"reports":\d+\}/);
    expect(await ids(`Hammerhead ${tag}`)).toEqual([`zz-${tag}-0`]);
  });

  it('make reindex: a bad variable stops the CLI with exit code 2, naming it', async () => {
    const exit = await run(process.execPath, [reindexCli], {
      env: { ...process.env, REDIS_URL: stack.infra.redisUrl, QUEUE_PREFIX: 'Not A Prefix' },
    }).then(
      () => ({ code: 0, stderr: '' }),
      (error: { code: number; stderr: string }) => error,
    );
    expect(exit.code).toBe(2);
    expect(exit.stderr).toContain(
      'reindex: Invalid configuration:\n  - QUEUE_PREFIX: must be lowercase letters, digits and hyphens',
    );
  });

  it('removes an industry an import makes inactive, and the companies only it lists', async () => {
    expect(await ids(`Tools ${tag}`, 'industries')).toEqual([industry]);
    expect(await ids(`Hammerhead ${tag}`)).toEqual([`zz-${tag}-0`]);
    await importData(['Hammerhead', 'Wrenchworks'], false);
    await eventually(
      'the inactive industry is removed',
      async () => (await ids(`Tools ${tag}`, 'industries')).length === 0,
    );
    // No active industry lists them: they have no page, so no search finds them either.
    await eventually(
      'the companies only the inactive industry lists are removed',
      async () =>
        (await ids(`Hammerhead ${tag}`)).length === 0 &&
        (await ids('wrenchworksbrand')).length === 0,
    );
    // Active again, an import brings them back.
    await importData(['Hammerhead', 'Wrenchworks'], true);
    await eventually(
      'the companies are indexed again',
      async () => (await ids(`Hammerhead ${tag}`)).length > 0,
    );
  });

  it("deletes a deleted member's analytics (search-member-deletion)", async () => {
    const uid = `member-${tag}`;
    await search(`Hammerhead ${tag}`, 'companies', uid);
    const recent = () =>
      client.request(Patterns.search.recentSearches, {
        app: 'companies',
        memberUid: uid,
        size: 5,
        from: null,
        to: null,
        minChars: 3,
      });
    expect(await recent()).toEqual([{ key: `Hammerhead ${tag}`, count: 1 }]);
    const deletions = new Queue(Queues.searchMemberDeletion, stack.queueOptions);
    try {
      await deletions.add('delete', { uid });
      await eventually('the analytics are deleted', async () => (await recent()).length === 0);
    } finally {
      await deletions.obliterate({ force: true });
      await deletions.close();
    }
  });
});
