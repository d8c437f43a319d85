import path from 'node:path';
import { WebPaths, type IndustryCompaniesResponse, type PublishedReport } from '@upright/contracts';
import type { StartedApp } from '@upright/platform/testing';
import { startTestApp, testInfra, uniqueTransportPrefix } from '@upright/platform/testing';
import { parse, type HTMLElement } from 'node-html-parser';
import { Client } from 'pg';
import { bffService } from '@upright/bff';
import { startDataServices } from './support/data-services';
import { importSample } from './support/sample-import';

jest.setTimeout(60_000);

const repoRoot = path.resolve(__dirname, '..', '..', '..');
const PUBLIC_URL = 'https://upright.example';

interface Seeded {
  industries: string[];
  /** Company page paths: each company in each active industry it is ranked in. */
  companyPaths: string[];
  reports: Array<{ id: string; path: string; date: string }>;
}

/**
 * The pages as first sent (docs/product/rules.md#s13), through the BFF serving the web app's
 * index.html, on the sample data imported as `make seed` does: status codes, the sitemap and
 * robots.txt, head tags and main content for a client that runs no JavaScript, and the framing
 * policy.
 */
describe('pages that search engines can read and people can share', () => {
  const infra = testInfra();
  const prefix = uniqueTransportPrefix('pages');
  const common = {
    REDIS_URL: infra.redisUrl,
    TRANSPORT_PREFIX: prefix,
    REQUEST_DEADLINE_MS: '5000',
  };
  // The built app and its server renderer (make build-web): pages are the app's own components.
  const distDir = path.join(repoRoot, 'web', 'dist');
  let admin: Client;
  let rankings: StartedApp;
  let reports: StartedApp;
  let bff: StartedApp;
  let seeded: Seeded;

  const get = (url: string, init: RequestInit = {}) =>
    fetch(`${bff.url}${url}`, { redirect: 'manual', ...init });

  async function page(url: string): Promise<{ response: Response; html: HTMLElement }> {
    const response = await get(url);
    return { response, html: parse(await response.text()) };
  }

  async function readSeeded(): Promise<Seeded> {
    const industries = await admin.query<{ industry: string }>(
      'SELECT industry FROM rankings.industries WHERE active ORDER BY industry',
    );
    const companies = await admin.query<{ industry: string; slug: string }>(
      `SELECT ci.industry, c.slug FROM rankings.company_industries ci
         JOIN rankings.companies c USING (upright_cid)
         JOIN rankings.industries i ON i.industry = ci.industry AND i.active`,
    );
    const reportRows = await admin.query<{ report_id: number; slug: string; date: string }>(
      `SELECT report_id, slug, to_char(published_date, 'YYYY-MM-DD') AS date FROM reports.reports`,
    );
    return {
      industries: industries.rows.map((row) => row.industry),
      companyPaths: companies.rows.map((row) => WebPaths.company(row.industry, row.slug)),
      reports: reportRows.rows.map((row) => ({
        id: String(row.report_id),
        date: row.date,
        path: WebPaths.report(String(row.report_id), row.date, row.slug),
      })),
    };
  }

  beforeAll(async () => {
    admin = new Client({ connectionString: infra.adminUrl() });
    await admin.connect();
    await importSample('rankings');
    await importSample('reports');
    seeded = await readSeeded();
    ({ rankings, reports } = await startDataServices(common, `${prefix}-queues`));
    bff = await startTestApp(bffService, { ...common, WEB_DIST_DIR: distDir, PUBLIC_URL });
  });

  afterAll(async () => {
    await bff?.app.close();
    await reports?.app.close();
    await rankings?.app.close();
    await admin?.end();
  });

  const industry = () => seeded.industries[0];

  describe('status codes', () => {
    it.each([
      ['an unknown route', '/no-such-page'],
      ['an unknown market', '/companies/xx/anything'],
      ['an unknown industry', '/companies/us/no-such-industry'],
      ['a malformed industry', '/companies/us/Not_A_Slug!'],
      ['an unknown report', '/reports/2000000000/2020-01-01/no-such-report'],
      ['a report id that is no number', '/reports/abc/2020-01-01/x'],
      ['the comparison of an unknown industry', '/compare/us/no-such-industry'],
      ['the corrections ledger of an unknown company', '/corrections/us/no-such-industry/acme'],
    ])('answers %s with 404 and the not-found page', async (_label, url) => {
      const { response, html } = await page(url);
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(html.querySelector('h1')?.text).toBe('Page not found');
      expect(html.querySelector('#root')).not.toBeNull();
    });

    it('answers an unknown company of a real industry with 404', async () => {
      const { response, html } = await page(`${WebPaths.industry(industry())}/no-such-company`);
      expect(response.status).toBe(404);
      expect(html.querySelector('h1')?.text).toBe('Page not found');
    });

    it('moves another spelling of a page to its canonical path with 301', async () => {
      const slash = await get(`${WebPaths.industry(industry())}/`);
      expect(slash.status).toBe(301);
      expect(slash.headers.get('location')).toBe(WebPaths.industry(industry()));
      const capitals = await get(WebPaths.industry(industry()).toUpperCase());
      expect(capitals.status).toBe(301);
      expect(capitals.headers.get('location')).toBe(WebPaths.industry(industry()));
      const report = seeded.reports[0];
      const wrongSlug = await get(`/reports/${report.id}/${report.date}/an-old-title`);
      expect(wrongSlug.status).toBe(301);
      expect(wrongSlug.headers.get('location')).toBe(report.path);
    });

    it('answers HEAD like GET, without a body, for pages and for 404s', async () => {
      for (const url of ['/', WebPaths.industry(industry()), '/account/signin']) {
        const head = await get(url, { method: 'HEAD' });
        expect(head.status).toBe(200);
        expect(head.headers.get('content-type')).toBe('text/html; charset=utf-8');
        expect(await head.text()).toBe('');
      }
      expect((await get('/no-such-page', { method: 'HEAD' })).status).toBe(404);
    });

    it('answers 503 with the bare app and Retry-After while the services are away', async () => {
      const alone = await startTestApp(bffService, {
        ...common,
        TRANSPORT_PREFIX: uniqueTransportPrefix('pages-alone'),
        WEB_DIST_DIR: distDir,
      });
      try {
        const response = await fetch(`${alone.url}${WebPaths.industry(industry())}`);
        expect(response.status).toBe(503);
        expect(response.headers.get('retry-after')).toMatch(/^\d+$/);
        expect(parse(await response.text()).querySelector('#root')?.childNodes).toHaveLength(0);
      } finally {
        await alone.app.close();
      }
    });

    it('serves account pages as the app for the browser to render', async () => {
      const { response, html } = await page('/account/signin');
      expect(response.status).toBe(200);
      expect(html.querySelector('#root')?.childNodes).toHaveLength(0);
    });
  });

  describe('crawl files', () => {
    it('robots.txt points to the sitemap', async () => {
      const response = await get('/robots.txt');
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      expect(await response.text()).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
    });

    it('are served by a BFF without the built app too (API only)', async () => {
      const apiOnly = await startTestApp(bffService, { ...common, WEB_DIST_DIR: '', PUBLIC_URL });
      try {
        for (const path of ['/robots.txt', '/sitemap.xml', `/share/industries/${industry()}.png`]) {
          expect((await fetch(`${apiOnly.url}${path}`)).status).toBe(200);
        }
        expect((await fetch(`${apiOnly.url}/`)).status).toBe(404);
      } finally {
        await apiOnly.app.close();
      }
    });

    it('the sitemap lists every industry, company and report of the data', async () => {
      const response = await get('/sitemap.xml');
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
      const xml = parse(await response.text());
      const urls = new Map(
        xml
          .querySelectorAll('url')
          .map((url) => [url.querySelector('loc')!.text, url.querySelector('lastmod')?.text]),
      );
      const expected = [
        '/',
        '/reports',
        '/about',
        '/faq',
        '/contact',
        '/privacy-policy',
        '/terms-of-use',
        ...seeded.industries.map((id) => WebPaths.industry(id)),
        ...seeded.companyPaths,
        ...seeded.companyPaths.map((path) => path.replace(/^\/companies\//, '/corrections/')),
        ...seeded.reports.map((report) => report.path),
      ];
      expect(seeded.industries.length).toBeGreaterThan(0);
      expect(seeded.companyPaths.length).toBeGreaterThan(0);
      expect(seeded.reports.length).toBeGreaterThan(0);
      for (const path of expected) expect(urls.has(`${PUBLIC_URL}${path}`)).toBe(true);
      for (const report of seeded.reports) {
        expect(urls.get(`${PUBLIC_URL}${report.path}`)).toBe(report.date);
      }
      expect(urls.get(`${PUBLIC_URL}/`)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    });
  });

  describe('head tags and main content in the first HTML', () => {
    function expectHead(html: HTMLElement, path: string, title: RegExp) {
      const meta = (selector: string) => html.querySelector(selector)?.getAttribute('content');
      // Charts carry SVG titles of their own: the page's is the head's.
      expect(html.querySelector('head title')?.text).toMatch(title);
      expect(html.querySelectorAll('head title')).toHaveLength(1);
      expect(html.querySelectorAll('meta[name="description"]')).toHaveLength(1);
      expect(meta('meta[name="description"]')?.length).toBeGreaterThan(20);
      expect(html.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
        `${PUBLIC_URL}${path}`,
      );
      expect(meta('meta[property="og:title"]')).toBe(html.querySelector('head title')?.text);
      expect(meta('meta[property="og:description"]')).toBe(meta('meta[name="description"]'));
      expect(meta('meta[property="og:url"]')).toBe(`${PUBLIC_URL}${path}`);
      expect(meta('meta[name="twitter:card"]')).toMatch(/^summary/);
      expect(meta('meta[name="twitter:title"]')).toBe(html.querySelector('head title')?.text);
      expect(html.querySelector('#root main h1')?.text.length).toBeGreaterThan(0);
    }

    const jsonLd = (html: HTMLElement) =>
      JSON.parse(html.querySelector('script[type="application/ld+json"]')!.text) as Record<
        string,
        unknown
      >;

    it.each([
      ['/', /company rankings/],
      ['/reports', /^Reports ·/],
      ['/about', /^About ·/],
      ['/faq', /^FAQ ·/],
      ['/contact', /^Contact ·/],
      ['/privacy-policy', /^Privacy policy ·/],
      ['/terms-of-use', /^Terms of use ·/],
    ])('%s carries its title, description, canonical link and social tags', async (url, title) => {
      const { response, html } = await page(url);
      expect(response.status).toBe(200);
      expectHead(html, url, title);
    });

    it('the home page lists the industries and the reports lists the latest reports', async () => {
      const home = (await page('/')).html;
      const links = home.querySelectorAll('main a').map((a) => a.getAttribute('href'));
      for (const id of seeded.industries) expect(links).toContain(WebPaths.industry(id));
      const list = (await page('/reports')).html;
      expect(list.querySelectorAll('main li a').length).toBeGreaterThan(0);
    });

    it('an industry page carries its ranking rows and Dataset data', async () => {
      const url = WebPaths.industry(industry());
      const api = (await (
        await get(`/api/companies/us/${industry()}`)
      ).json()) as IndustryCompaniesResponse;
      const { response, html } = await page(url);
      expect(response.status).toBe(200);
      expectHead(html, url, new RegExp(`^${api.industryResult.industry_text} rankings`));
      expect(html.querySelector('main h1')?.text).toBe(api.industryResult.industry_text);
      const rows = html.querySelectorAll('main table tbody tr');
      expect(rows.map((row) => row.querySelector('a')?.text)).toEqual(
        api.result.aranked.map(
          (id) => api.result.ranked.find((company) => company.upright_cid === id)!.company_name,
        ),
      );
      expect(jsonLd(html)).toMatchObject({
        '@context': 'https://schema.org',
        '@type': 'Dataset',
        url: `${PUBLIC_URL}${url}`,
      });
    });

    it('a company page carries its name, ranks and Organization data', async () => {
      const url = seeded.companyPaths[0];
      const { response, html } = await page(url);
      expect(response.status).toBe(200);
      const name = html.querySelector('main h1')!.text;
      expectHead(html, url, new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} ·`));
      expect(html.querySelectorAll('main table tbody tr').length).toBeGreaterThan(1);
      expect(jsonLd(html)).toMatchObject({
        '@type': 'Organization',
        name,
        url: `${PUBLIC_URL}${url}`,
      });
    });

    it('a report page carries its summary, ranking rows and Dataset data', async () => {
      const report = seeded.reports[0];
      const api = await get(`/api/published/${report.id}/${report.date}/x`, { redirect: 'follow' });
      const published = (await api.json()) as PublishedReport;
      const { response, html } = await page(report.path);
      expect(response.status).toBe(200);
      expectHead(html, report.path, new RegExp(`^${published.report.title.slice(0, 10)}`));
      expect(html.querySelector('main h1')?.text).toBe(published.report.title);
      expect(html.querySelectorAll('main p').length).toBeGreaterThan(1);
      // The ranking, then the figures for the same companies (rules §16).
      const [ranking, figures] = html.querySelectorAll('main table');
      const companies = published.rankings?.rankings.length ?? 0;
      expect(ranking.querySelectorAll('tbody tr').length).toBe(companies);
      expect(figures.querySelectorAll('tbody tr').length).toBe(companies);
      expect(jsonLd(html)).toMatchObject({ '@type': 'Dataset', name: published.report.title });
    });

    it('is the app itself, rendered with the answers the browser then adopts', async () => {
      const url = WebPaths.industry(industry());
      const { html } = await page(url);
      expect(html.querySelector('#root header.top-bar')).not.toBeNull();
      expect(html.querySelector('#root footer.site-footer')).not.toBeNull();
      const record = JSON.parse(html.querySelector('#root + script#first-answers')!.text) as {
        location: string;
        answers: Record<string, unknown>;
      };
      expect(record.location).toBe(url);
      const api: unknown = await (await get(`/api/companies/us/${industry()}`)).json();
      expect(Object.values(record.answers)).toContainEqual({ kind: 'ready', data: api });
    });

    it("renders a company's corrections ledger with its promise", async () => {
      const url = seeded.companyPaths[0].replace(/^\/companies\//, '/corrections/');
      const { response, html } = await page(url);
      expect(response.status).toBe(200);
      expectHead(html, url, /^Corrections to .+ ·/);
      // Rendered per view: requests and decisions move no data version.
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(html.querySelector('main')?.text).toMatch(/resolved within 14 days/);
    });

    it('renders the comparison of an industry with the choice its link holds', async () => {
      const url = `/compare/us/${industry()}`;
      const { response, html } = await page(url);
      expect(response.status).toBe(200);
      expectHead(html, url, /^Compare .+ companies ·/);
      const chosen = await page(`${url}?c=no-such-company`);
      expect(chosen.response.status).toBe(200);
      expect(chosen.html.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
        `${PUBLIC_URL}${url}`,
      );
    });

    it('keeps a page as ready bytes: the next visitor gets the same bytes, ETag and 304', async () => {
      const url = WebPaths.industry(industry());
      const first = await get(url);
      const second = await get(url);
      expect(await second.text()).toBe(await first.text());
      const etag = second.headers.get('etag')!;
      expect(etag).toBe(first.headers.get('etag'));
      expect(second.headers.get('cache-control')).toMatch(/^public, max-age=\d+/);
      expect((await get(url, { headers: { 'If-None-Match': etag } })).status).toBe(304);
    });
  });

  describe('share images', () => {
    /** Width and height from a PNG's IHDR chunk. */
    const pngSize = (bytes: Buffer) => [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];

    it('draws the image each report, industry and company page names, and keeps it', async () => {
      const pages = [seeded.reports[0].path, WebPaths.industry(industry()), seeded.companyPaths[0]];
      for (const url of pages) {
        const { html } = await page(url);
        const image = html.querySelector('meta[property="og:image"]')!.getAttribute('content')!;
        expect(image.startsWith(`${PUBLIC_URL}/share/`)).toBe(true);
        const imagePath = image.slice(PUBLIC_URL.length);
        const first = await get(imagePath);
        expect(first.status).toBe(200);
        expect(first.headers.get('content-type')).toBe('image/png');
        const bytes = Buffer.from(await first.arrayBuffer());
        expect(bytes.subarray(1, 4).toString()).toBe('PNG');
        expect(pngSize(bytes)).toEqual([1200, 630]);
        const second = await get(imagePath, { headers: { 'Accept-Encoding': 'br, gzip' } });
        expect(second.headers.get('etag')).toBe(first.headers.get('etag'));
        expect(second.headers.get('content-encoding')).toBeNull();
        expect(Buffer.from(await second.arrayBuffer()).equals(bytes)).toBe(true);
      }
    });

    it.each([
      '/share/reports/2000000000.png',
      '/share/reports/abc.png',
      '/share/industries/no-such-industry.png',
      `/share/companies/no-such-industry/acme.png`,
      '/share/other/x.png',
    ])('answers %s with 404', async (url) => {
      const response = await get(url);
      expect(response.status).toBe(404);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('not_found');
    });
  });

  describe('framing policy', () => {
    const framing = async (url: string) => {
      const response = await get(url);
      const csp = response.headers.get('content-security-policy') ?? '';
      return {
        ancestors: /frame-ancestors ([^;]+)/.exec(csp)?.[1],
        xFrameOptions: response.headers.get('x-frame-options'),
      };
    };

    it('lets any site frame widgets, with no X-Frame-Options to contradict it', async () => {
      for (const url of [
        `/widgets/companies/us/${industry()}`,
        `/widgets${seeded.reports[0].path}`,
      ]) {
        expect(await framing(url)).toEqual({ ancestors: '*', xFrameOptions: null });
      }
    });

    it('lets only this site frame every other page, whether rendered now or kept', async () => {
      const kept = WebPaths.industry(industry());
      await get(kept);
      for (const url of ['/', kept, kept, '/account/signin', '/no-such-page', '/api/active']) {
        expect(await framing(url)).toEqual({ ancestors: "'self'", xFrameOptions: 'SAMEORIGIN' });
      }
    });
  });
});
