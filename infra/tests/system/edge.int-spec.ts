import net from 'node:net';
import path from 'node:path';
import { WebPaths } from '@upright/contracts';
import type { StartedApp } from '@upright/platform/testing';
import { startTestApp, testInfra, uniqueTransportPrefix } from '@upright/platform/testing';
import { parse } from 'node-html-parser';
import { Client } from 'pg';
import { bffService } from '@upright/bff';
import { AnswerCache, opsUrl } from '@upright/bff/testing';
import { bffMetric } from './support/bff-metrics';
import { startDataServices } from './support/data-services';
import { importSample } from './support/sample-import';

jest.setTimeout(60_000);

const repoRoot = path.resolve(__dirname, '..', '..', '..');
const PUBLIC_URL = 'https://upright.example';
const distDir = path.join(repoRoot, 'web', 'dist');

/**
 * The BFF's one way in (decision 0049, docs/product/rules.md#s14) on the sample data with the
 * built app: request targets in origin-form only, exact paths, per-client budgets for the API and
 * for renders, canonical keys that ignore undeclared query parameters, one render for many
 * concurrent misses, a limit on fresh work answered 503 at once, and operations endpoints off
 * the public port.
 */
describe('the edge', () => {
  const infra = testInfra();
  const prefix = uniqueTransportPrefix('edge');
  const common = {
    REDIS_URL: infra.redisUrl,
    TRANSPORT_PREFIX: prefix,
    REQUEST_DEADLINE_MS: '5000',
  };
  let rankings: StartedApp;
  let reports: StartedApp;
  let bff: StartedApp;
  let industries: string[];
  let companyPaths: string[];
  let client = 0;

  /** Each test is its own client (X-Forwarded-For with one trusted proxy): its own budgets. */
  const newClient = () => `198.51.100.${++client}`;
  const get = (base: string, url: string, from: string, headers: Record<string, string> = {}) =>
    fetch(`${base}${url}`, {
      redirect: 'manual',
      headers: { 'x-forwarded-for': from, ...headers },
    });

  beforeAll(async () => {
    const admin = new Client({ connectionString: infra.adminUrl() });
    await admin.connect();
    try {
      await importSample('rankings');
      await importSample('reports');
      industries = (
        await admin.query<{ industry: string }>(
          'SELECT industry FROM rankings.industries WHERE active ORDER BY industry',
        )
      ).rows.map((row) => row.industry);
      companyPaths = (
        await admin.query<{ industry: string; slug: string }>(
          `SELECT ci.industry, c.slug FROM rankings.company_industries ci
             JOIN rankings.companies c USING (upright_cid)
             JOIN rankings.industries i ON i.industry = ci.industry AND i.active
           ORDER BY ci.industry, c.slug`,
        )
      ).rows.map((row) => WebPaths.company(row.industry, row.slug));
    } finally {
      await admin.end();
    }
    ({ rankings, reports } = await startDataServices(common, `${prefix}-queues`));
    bff = await startTestApp(bffService, {
      ...common,
      WEB_DIST_DIR: distDir,
      PUBLIC_URL,
      TRUSTED_PROXY_HOPS: '1',
      RATE_LIMIT_API: '4/60',
      RATE_LIMIT_RENDERS: '3/60',
    });
  });

  afterAll(async () => {
    await bff?.app.close();
    await reports?.app.close();
    await rankings?.app.close();
  });

  /** A request sent as written (fetch drops a `#…` and never sends an absolute-form target). */
  function sentAsWritten(target: string, from: string): Promise<{ status: number; body: string }> {
    const { port } = new URL(bff.url);
    return new Promise((resolve, reject) => {
      const socket = net.connect(Number(port), '127.0.0.1', () => {
        socket.write(
          `GET ${target} HTTP/1.1\r\nHost: upright.example\r\nX-Forwarded-For: ${from}\r\nConnection: close\r\n\r\n`,
        );
      });
      let text = '';
      socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
      socket.on('end', () => {
        const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
        resolve({ status, body: text.slice(text.indexOf('\r\n\r\n') + 4) });
      });
      socket.on('error', reject);
    });
  }

  describe('request targets', () => {
    it.each([
      '/metrics#',
      '/health/ready#',
      'http://x/metrics',
      'http://upright.example/api/active',
      '/api/active#',
      `/api/companies/us/tools#x`,
      '*',
    ])('%s is a 400 on the public port, never an answer', async (target) => {
      const answer = await sentAsWritten(target, newClient());
      expect(answer.status).toBe(400);
      expect(answer.body).not.toContain('upright_');
    });

    it('a `#` spelling of an API URL makes no kept entry and no service call', async () => {
      const { store } = bff.app.get(AnswerCache);
      const url = `/api/companies/us/${industries[0]}`;
      expect((await get(bff.url, url, newClient())).status).toBe(200);
      const entries = store.snapshot.entries;
      const freshBefore = await bffMetric(bff, 'upright_edge_admitted_total', 'fresh');
      for (const spelling of [`${url}#a`, `${url}#b`, `${url}?#c`]) {
        expect((await sentAsWritten(spelling, newClient())).status).toBe(400);
      }
      expect(store.snapshot.entries).toBe(entries);
      expect(await bffMetric(bff, 'upright_edge_admitted_total', 'fresh')).toBe(freshBefore);
    });

    it('refuses an absolute-form API target before any work: nothing answered, nothing spent', async () => {
      const from = newClient();
      for (let i = 0; i < 4; i++) {
        expect((await sentAsWritten('http://h/api/active', from)).status).toBe(400);
      }
      // Each was refused before the budget was asked: the client's budget (4) is whole.
      expect((await get(bff.url, '/api/active', from)).status).toBe(200);
    });
  });

  describe('exact paths', () => {
    it('answers /API/… in another case with 404, counted by the API budget like any request', async () => {
      const from = newClient();
      for (const url of ['/API/active', '/Api/active', '/api/ACTIVE']) {
        const response = await get(bff.url, url, from);
        expect(response.status).toBe(404);
        expect(response.headers.get('content-type')).toMatch(/^application\/json/);
        expect(((await response.json()) as { error: { code: string } }).error.code).toBe(
          'not_found',
        );
      }
      expect((await get(bff.url, '/api/active', from)).status).toBe(200);
      const refused = await get(bff.url, '/API/active', from);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    });
  });

  describe('canonical keys', () => {
    it('serves an API answer with tracking parameters from the kept copy of the canonical URL', async () => {
      const url = `/api/companies/us/${industries[0]}`;
      const first = await get(bff.url, `${url}?utm_source=news`, newClient());
      expect(first.status).toBe(200);
      const hits = await bffMetric(bff, 'upright_answer_cache_hits_total');
      const tracked = await get(bff.url, `${url}?fbclid=abc&gclid=1&junk`, newClient());
      expect(tracked.status).toBe(200);
      expect(tracked.headers.get('etag')).toBe(first.headers.get('etag'));
      expect(await bffMetric(bff, 'upright_answer_cache_hits_total')).toBe(hits + 1);
      // A parameter the route reads is still its own answer.
      const period = await get(bff.url, `${url}?year=1999&qrt=1&utm_source=x`, newClient());
      expect(period.headers.get('etag')).not.toBe(first.headers.get('etag'));
    });

    it('serves a shared page link with utm_*, fbclid and gclid the kept page, canonical link without them', async () => {
      const page = WebPaths.industry(industries[1]);
      const plain = await get(bff.url, page, newClient());
      expect(plain.status).toBe(200);
      const plainHtml = await plain.text();
      const freshBefore = await bffMetric(bff, 'upright_edge_admitted_total', 'fresh');
      const shared = await get(
        bff.url,
        `${page}?utm_source=twitter&utm_medium=social&fbclid=x1&gclid=y2`,
        newClient(),
      );
      expect(shared.status).toBe(200);
      expect(await shared.text()).toBe(plainHtml);
      expect(shared.headers.get('etag')).toBe(plain.headers.get('etag'));
      expect(await bffMetric(bff, 'upright_edge_admitted_total', 'fresh')).toBe(freshBefore);
      const canonical = parse(plainHtml).querySelector('link[rel="canonical"]');
      expect(canonical?.getAttribute('href')).toBe(`${PUBLIC_URL}${page}`);
    });

    it('keeps the not-found page: a new unknown path per request costs no render', async () => {
      const first = await get(bff.url, '/no-such-page-a', newClient());
      expect(first.status).toBe(404);
      const html = await first.text();
      expect(parse(html).querySelector('h1')?.text).toBe('Page not found');
      const freshBefore = await bffMetric(bff, 'upright_edge_admitted_total', 'fresh');
      for (const url of ['/no-such-page-b', '/other/unknown?utm_source=x', '/c.php']) {
        const again = await get(bff.url, url, newClient());
        expect(again.status).toBe(404);
        expect(await again.text()).toBe(html);
      }
      expect(await bffMetric(bff, 'upright_edge_admitted_total', 'fresh')).toBe(freshBefore);
    });
  });

  describe('bounded work', () => {
    it('counts renders per client: beyond the budget 429 with Retry-After and an HTML page', async () => {
      const from = newClient();
      const page = WebPaths.industry(industries[2]);
      // A query the page reads is rendered each time (not kept): each render costs the budget.
      const statuses = [];
      for (const sort of ['tax', 'climate', 'lobbying']) {
        statuses.push((await get(bff.url, `${page}?sort=${sort}`, from)).status);
      }
      expect(statuses).toEqual([200, 200, 200]);
      const refused = await get(bff.url, `${page}?sort=name`, from);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(refused.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(refused.headers.get('cache-control')).toBe('private, no-store');
      // The kept page costs no render: the same client still gets it.
      expect((await get(bff.url, page, newClient())).status).toBe(200);
      expect((await get(bff.url, page, from)).status).toBe(200);
    });

    it('merges concurrent misses of one page into one render (single flight)', async () => {
      const page = companyPaths[0];
      const freshBefore = await bffMetric(bff, 'upright_edge_admitted_total', 'fresh');
      // One client whose render budget (3) is below the requests: only one render may count.
      const from = newClient();
      const answers = await Promise.all(Array.from({ length: 10 }, () => get(bff.url, page, from)));
      expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200));
      expect(new Set(answers.map((answer) => answer.headers.get('etag'))).size).toBe(1);
      expect(await bffMetric(bff, 'upright_edge_admitted_total', 'fresh')).toBe(freshBefore + 1);
    });

    it('renders a share image once, whatever junk query each request adds', async () => {
      const image = `/share/industries/${industries[1]}.png`;
      const freshBefore = await bffMetric(bff, 'upright_edge_admitted_total', 'fresh');
      // One client whose render budget (3) is below the requests: a render per query would be
      // refused from the fourth on.
      const from = newClient();
      const answers = [];
      for (let i = 0; i < 8; i += 1) {
        answers.push(await get(bff.url, `${image}?v=${i}&utm_source=x${i}&junk`, from));
      }
      expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(200));
      expect(answers.every((answer) => answer.headers.get('content-type') === 'image/png')).toBe(
        true,
      );
      expect(new Set(answers.map((answer) => answer.headers.get('etag'))).size).toBe(1);
      expect(await bffMetric(bff, 'upright_edge_admitted_total', 'fresh')).toBe(freshBefore + 1);
    });

    it('merges concurrent misses of one API answer into one computation', async () => {
      const [, industry, company] = /^\/companies\/us\/([^/]+)\/([^/]+)$/.exec(companyPaths[1])!;
      const url = `/api/history/us/${industry}/${company}`;
      const freshBefore = await bffMetric(bff, 'upright_edge_admitted_total', 'fresh');
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => get(bff.url, url, newClient())),
      );
      expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200));
      // The metrics request itself is no fresh work: it is on the operations port.
      expect(await bffMetric(bff, 'upright_edge_admitted_total', 'fresh')).toBe(freshBefore + 1);
    });

    it('answers the followers of a failed leader 503 at once: one wait for the failure, not one each', async () => {
      // A replica whose transport no rankings process serves: every miss fails at its deadline.
      const unserved = await startTestApp(bffService, {
        ...common,
        TRANSPORT_PREFIX: uniqueTransportPrefix('edge-unserved'),
        REQUEST_DEADLINE_MS: '3000',
        WEB_DIST_DIR: distDir,
        PUBLIC_URL,
      });
      try {
        const [, industry, company] = /^\/companies\/us\/([^/]+)\/([^/]+)$/.exec(companyPaths[2])!;
        const url = `${unserved.url}/api/history/us/${industry}/${company}`;
        const answers = await Promise.all(Array.from({ length: 6 }, () => fetch(url)));
        const statuses = answers.map((answer) => answer.status);
        // The leader waited for rankings until its deadline; its five followers did not ask again.
        expect(statuses.filter((status) => status >= 500)).toHaveLength(6);
        expect(statuses.filter((status) => status === 503).length).toBeGreaterThanOrEqual(5);
        expect(await bffMetric(unserved, 'upright_edge_admitted_total', 'fresh')).toBe(1);
        expect(await bffMetric(unserved, 'upright_edge_shed_total', 'fresh')).toBe(5);
        const follower = answers.filter((answer) => answer.status === 503).at(-1)!;
        expect(follower.headers.get('retry-after')).toBe('1');
        expect(await follower.json()).toEqual({
          error: {
            code: 'service_unavailable',
            message: 'The site is busy. Please try again in 1 second.',
          },
        });
      } finally {
        await unserved.app.close();
      }
    });

    it('caps fresh work (page renders included) per replica: beyond it 503 at once with Retry-After', async () => {
      const capped = await startTestApp(bffService, {
        ...common,
        WEB_DIST_DIR: distDir,
        PUBLIC_URL,
        EDGE_MAX_IN_FLIGHT: '1',
      });
      try {
        const pages = companyPaths.slice(2, 10);
        const answers = await Promise.all(pages.map((page) => fetch(`${capped.url}${page}`)));
        const statuses = answers.map((answer) => answer.status);
        expect(statuses).toContain(200);
        expect(statuses).toContain(503);
        const shed = answers.find((answer) => answer.status === 503)!;
        expect(shed.headers.get('retry-after')).toBe('1');
        expect(shed.headers.get('content-type')).toBe('text/html; charset=utf-8');
        expect(await bffMetric(capped, 'upright_edge_shed_total', 'fresh')).toBeGreaterThan(0);

        const apis = companyPaths
          .slice(10, 18)
          .map((page) => page.replace('/companies/us/', '/api/history/us/'));
        const apiAnswers = await Promise.all(apis.map((url) => fetch(`${capped.url}${url}`)));
        const apiShed = apiAnswers.find((answer) => answer.status === 503);
        expect(apiShed).toBeDefined();
        expect(apiShed!.headers.get('retry-after')).toBe('1');
        expect(await apiShed!.json()).toEqual({
          error: {
            code: 'service_unavailable',
            message: 'The site is busy. Please try again in 1 second.',
          },
        });
        // New search queries meeting the limit are refused at once too, before their bodies are
        // read (no search service runs here: the one admitted holds the limit meanwhile).
        const shedBefore = await bffMetric(capped, 'upright_edge_shed_total', 'fresh');
        const queries = Array.from({ length: 4 }, (_, index) =>
          fetch(`${capped.url}/api/search/companies/_reactivesearch.v3`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              query: [{ id: `edge_${index}`, type: 'suggestion', value: `zq${index}`, size: 5 }],
            }),
          }),
        );
        const refused = (await Promise.all(queries)).filter(
          (answer) => answer.status === 503 && answer.headers.get('retry-after') === '1',
        );
        expect(refused.length).toBeGreaterThanOrEqual(3);
        expect(await bffMetric(capped, 'upright_edge_shed_total', 'fresh')).toBeGreaterThanOrEqual(
          shedBefore + 3,
        );
        // A kept answer is sent before the cap is asked: it is no work.
        const kept = answers.findIndex((answer) => answer.status === 200);
        expect((await fetch(`${capped.url}${pages[kept]}`)).status).toBe(200);
      } finally {
        await capped.app.close();
      }
    });
  });

  describe('operations endpoints', () => {
    it.each(['/metrics', '/health/live', '/health/ready'])(
      '%s is absent on the public port and answers on the operations port',
      async (url) => {
        expect((await get(bff.url, url, newClient())).status).toBe(404);
        expect((await fetch(`${opsUrl(bff.app)}${url}`)).status).toBe(200);
      },
    );

    it('the operations port answers nothing else', async () => {
      expect((await fetch(`${opsUrl(bff.app)}/api/active`)).status).toBe(404);
      expect((await fetch(`${opsUrl(bff.app)}/`)).status).toBe(404);
    });
  });
});
