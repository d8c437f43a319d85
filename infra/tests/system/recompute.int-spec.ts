import type { ActiveIndustriesResponse, IndustryCompaniesResponse } from '@upright/contracts';
import { RedisConnection } from '@upright/platform';
import type { StartedApp } from '@upright/platform/testing';
import { startTestApp, testInfra, uniqueTransportPrefix } from '@upright/platform/testing';
import { main } from '@upright/ranking-rules/cli';
import type { Recomputed } from '@upright/ranking-rules';
import { dataVersionKey } from '@upright/rankings/testing';
import { bffService } from '@upright/bff';
import { startDataServices } from './support/data-services';
import { importSample, SAMPLE_FILE } from './support/sample-import';

/**
 * The data set imported: `make up`'s sample, or another file (the 50,000-company set of
 * `make sample-large N=50000`) named by RECOMPUTE_DATA_SET.
 */
const DATA_SET = process.env.RECOMPUTE_DATA_SET ?? SAMPLE_FILE;

jest.setTimeout(process.env.RECOMPUTE_DATA_SET ? 1_800_000 : 120_000);

/** What `upright-recompute --industry <url> --json` prints, and its exit code. */
async function recomputeCommand(url: string): Promise<{ code: number; result: Recomputed }> {
  let stdout = '';
  let stderr = '';
  const code = await main(['--industry', url, '--json', '--check'], {
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
  });
  if (code !== 0) throw new Error(`upright-recompute ${url} exited ${code}: ${stderr}`);
  return { code, result: JSON.parse(stdout) as Recomputed };
}

/**
 * Decision 0078 end to end: a reader downloads every active industry's open data from the site
 * (a data set imported as `make import` does, BFF → rankings over the real transport) and
 * recomputes every rank with the ranking-rules package's command; each equals what the site's API
 * answers for that industry, in the same order.
 */
describe('ranks anyone can recompute', () => {
  const infra = testInfra();
  const prefix = uniqueTransportPrefix('recompute');
  const common = {
    REDIS_URL: infra.redisUrl,
    TRANSPORT_PREFIX: prefix,
    // What is tested is what the answers say, not how fast: the first answer of an industry of
    // thousands on a busy test machine may take longer than the default 5 s.
    REQUEST_DEADLINE_MS: '60000',
  };
  let rankings: StartedApp;
  let reports: StartedApp;
  let bff: StartedApp;
  /** The industries recomputed, whose data versions this run leaves in Redis. */
  const industriesSeen: string[] = [];

  beforeAll(async () => {
    await importSample('rankings', {}, DATA_SET);
    ({ rankings, reports } = await startDataServices(common, `${prefix}-queues`));
    bff = await startTestApp(bffService, { ...common, WEB_DIST_DIR: '' });
  });

  afterAll(async () => {
    const redis = rankings?.app.get(RedisConnection).redis;
    for (const industry of industriesSeen) await redis?.del(dataVersionKey(prefix, industry));
    await bff?.app.close();
    await reports?.app.close();
    await rankings?.app.close();
  });

  const getJson = async <T>(path: string): Promise<T> => {
    const response = await fetch(`${bff.url}${path}`);
    expect(response.status).toBe(200);
    return (await response.json()) as T;
  };

  it('recomputes every rank of every active industry exactly as the site shows it', async () => {
    const industries = await getJson<ActiveIndustriesResponse>('/api/active');
    expect(industries.length).toBeGreaterThan(1);
    let companies = 0;
    for (const { industry } of industries) {
      industriesSeen.push(industry);
      const { result } = await recomputeCommand(`${bff.url}/api/open/us/${industry}.json`);
      const site = await getJson<IndustryCompaniesResponse>(`/api/companies/us/${industry}`);
      const shown = new Map(site.result.ranked.map((row) => [row.upright_cid, row]));
      expect(result.weights).toEqual(site.weights);
      // The page's order (aranked), and every combined rank of every company.
      expect(result.ranks.map((rank) => rank.upright_cid)).toEqual(site.result.aranked);
      for (const rank of result.ranks) {
        const row = shown.get(rank.upright_cid);
        expect({ industry, ...rank }).toEqual({
          industry,
          upright_cid: row?.upright_cid,
          company_name: row?.company_name,
          raw_rank: row?.raw_rank,
          normalized_rank: row?.normalized_rank,
          tied: row?.tied,
          raw_arank: row?.raw_arank,
          arank: row?.arank,
          atied: row?.atied,
        });
      }
      companies += result.ranks.length;
      expect(result.ranks).toHaveLength(site.result.ranked.length);
    }
    expect(companies).toBeGreaterThan(industries.length);
  });
});
