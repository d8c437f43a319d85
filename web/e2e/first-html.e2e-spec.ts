import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { baseUrl, launchBrowser, newPage, open, WIDE } from './support/browser';
import { sampleTargets } from './support/data';
import { signUp } from './support/member';

/**
 * What a page is before its code runs (decision 0039): a reader without JavaScript, a crawler and
 * the frame of a site embedding a widget see the server's HTML only.
 */
describe('the first HTML', () => {
  let browser: Browser;
  let close: () => Promise<void>;
  let targets: Awaited<ReturnType<typeof sampleTargets>>;
  beforeAll(async () => {
    ({ browser, close } = await launchBrowser());
    targets = await sampleTargets();
  });
  afterAll(async () => close());

  it('holds SIGN IN and JOIN on every public page, shown without JavaScript', async () => {
    const { industry, company, reportPath } = targets;
    const paths = [
      '/',
      '/industries',
      `/companies/us/${industry}`,
      `/companies/us/${company.industry}/${company.slug}`,
      `/compare/us/${industry}`,
      '/methodology',
      '/about',
      ...(reportPath ? [reportPath] : []),
    ];
    const context = await browser.newContext({
      viewport: WIDE,
      baseURL: baseUrl(),
      javaScriptEnabled: false,
    });
    const page = await context.newPage();
    for (const path of paths) {
      const answer = await page.goto(path);
      expect([path, answer?.status()]).toEqual([path, 200]);
      const header = page.getByRole('banner');
      expect([path, await header.getByRole('link', { name: 'SIGN IN' }).isVisible()]).toEqual([
        path,
        true,
      ]);
      expect(await header.getByRole('link', { name: 'JOIN' }).getAttribute('href')).toBe(
        '/account/signup',
      );
      // Who runs it, on the home page's statement and About: the sample build names nobody.
      if (path === '/' || path === '/about') {
        expect(await page.getByTestId('operator').textContent()).toContain('demonstration');
      }
    }
    await context.close();
  });

  it("swaps SIGN IN and JOIN for the member's menu once the app runs", async () => {
    const { context, page, errors } = await newPage(browser, WIDE);
    await signUp(page, `first-html-${randomUUID()}@example.com`);
    await open(page, '/industries');
    const header = page.getByRole('banner');
    await header.getByRole('link', { name: 'PRIORITIES' }).waitFor();
    expect(await header.getByRole('link', { name: 'SIGN IN' }).count()).toBe(0);
    expect(await header.getByRole('link', { name: 'JOIN' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('OPEN DATA lands on the downloads, with the licence, before the API; its reference lists no admin operation', async () => {
    const { industry } = targets;
    const body = await (await fetch(`${baseUrl()}/developers`)).text();
    const downloads = body.indexOf('Download the data');
    expect(downloads).toBeGreaterThan(0);
    expect(body.indexOf('The API')).toBeGreaterThan(downloads);
    expect(body).toContain(`/api/open/us/${industry}.csv?year=`);
    // Everything at once first, then each industry.
    const all = body.indexOf('href="/api/open/us.csv"');
    expect(all).toBeGreaterThan(downloads);
    expect(all).toBeLessThan(body.indexOf(`/api/open/us/${industry}.csv?year=`));
    expect(body).toContain('CC BY 4.0');
    const { context, page, errors } = await newPage(browser, WIDE);
    await open(page, '/developers');
    const paths = page.locator('.swagger-ui .opblock-summary-path');
    await paths.first().waitFor({ timeout: 20_000 });
    const listed = await paths.allTextContents();
    expect(listed.some((path) => path.includes('/api/open/'))).toBe(true);
    expect(listed.filter((path) => path.includes('/api/admin'))).toEqual([]);
    // The document itself stays whole.
    const document = (await (await fetch(`${baseUrl()}/api/openapi.json`)).json()) as {
      paths: Record<string, unknown>;
    };
    expect(Object.keys(document.paths).some((path) => path.startsWith('/api/admin'))).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("sends a widget's ranking in its first HTML, framable by any site", async () => {
    const { industry, company, reportPath } = targets;
    const answer = await fetch(`${baseUrl()}/widgets/companies/us/${industry}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-security-policy')).toContain('frame-ancestors *');
    const body = await answer.text();
    expect(body).toMatch(/<h1 class="widget-title">/);
    expect(body).toContain(`/companies/us/${industry}/${company.slug}`);
    // The canonical address is the full page's; widgets have no header (no SIGN IN).
    expect(body).toContain(`rel="canonical" href="${baseUrl()}/companies/us/${industry}"`);
    expect(body).not.toContain('SIGN IN');
    if (reportPath) {
      const report = await fetch(`${baseUrl()}/widgets${reportPath}`);
      expect(report.status).toBe(200);
      expect(await report.text()).toMatch(/<table[\s\S]*<tbody>[\s\S]*<tr/);
    }
    // And it is the same page once the app adopts it: no hydration error.
    const { context, page, errors } = await newPage(browser, WIDE);
    await open(page, `/widgets/companies/us/${industry}`);
    expect(await page.locator('tbody tr').count()).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
