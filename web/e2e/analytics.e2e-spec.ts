import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { baseUrl, DESKTOP, HYDRATION_ERROR, launchBrowser, open } from './support/browser';
import { privateStackBasePort, startExtraBff } from './support/stack';

/**
 * Web analytics (decision 0045; docs/product/spec.md#s7 "A web analytics script loads on every
 * page"). The provider's server cannot run here: a recording endpoint stands in for its event
 * API and keeps what the bundled tracker sends. A BFF of this file's own has analytics set to
 * it; the stack's BFF has none.
 */

interface Recorded {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

interface Event {
  n: string;
  u: string;
  d: string;
  r: string | null;
}

const SITE = 'upright.test';
/** A mailed link's secret, and a query and a referring page that must never reach the provider. */
const CODE = 'c0de5ecret9f4a';
const QUERY_MARK = 'ann%40example.com';
const REFERRER = 'https://news.example.org/story?id=7&user=ann';

describe('web analytics', () => {
  let browser: Browser;
  let close: () => Promise<void>;
  let recorder: Server;
  let endpoint: string;
  const recorded: Recorded[] = [];
  let analyticsBff: { baseUrl: string; stop(): Promise<void> };

  beforeAll(async () => {
    recorder = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      request.on('end', () => {
        recorded.push({
          method: request.method ?? '',
          path: request.url ?? '',
          headers: request.headers,
          body,
        });
        // As the provider answers: accepted, readable by any site.
        response.writeHead(202, { 'access-control-allow-origin': '*' }).end('ok');
      });
    });
    await new Promise<void>((listening) => recorder.listen(0, '127.0.0.1', listening));
    endpoint = `http://127.0.0.1:${(recorder.address() as AddressInfo).port}/api/event`;
    analyticsBff = await startExtraBff(privateStackBasePort() + 9, {
      ANALYTICS_ENDPOINT: endpoint,
      ANALYTICS_SITE: SITE,
    });
    ({ browser, close } = await launchBrowser());
  }, 120_000);

  afterAll(async () => {
    await close?.();
    await analyticsBff?.stop();
    recorder?.close();
  });

  /**
   * A fresh context on `site` whose page notes CSP violations and page errors. The tracker
   * ignores browsers driven by automation unless the page sets `__plausible`: this one is a test,
   * not a bot to leave out.
   */
  async function visitor(
    site: string,
  ): Promise<{ context: BrowserContext; page: Page; problems: string[]; requests: string[] }> {
    const context = await browser.newContext({ viewport: DESKTOP, baseURL: site });
    // A cookie of this host: the tracker must not carry it to the endpoint (same host, other port).
    await context.addCookies([{ name: 'privacyAccepted', value: 'true', url: site }]);
    await context.addInitScript(() => {
      (window as unknown as { __plausible: boolean }).__plausible = true;
      document.addEventListener('securitypolicyviolation', (event) =>
        console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`),
      );
    });
    const page = await context.newPage();
    const problems: string[] = [];
    const requests: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => {
      const text = message.text();
      if (/Content Security Policy|CSP violation/i.test(text) || HYDRATION_ERROR.test(text)) {
        problems.push(text);
      }
    });
    page.on('request', (request) => {
      if (/^https?:/.test(request.url())) requests.push(request.url());
    });
    return { context, page, problems, requests };
  }

  const events = (): Event[] => recorded.map((request) => JSON.parse(request.body) as Event);
  const pageViews = (): string[] =>
    events()
      .filter((event) => event.n === 'pageview')
      .map((event) => event.u);

  /** Waits until the endpoint has had `count` page views. */
  async function pageViewsReach(count: number): Promise<string[]> {
    const deadline = Date.now() + 15_000;
    while (pageViews().length < count && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return pageViews();
  }

  it('sends every page view, first load and in-app moves, without query, fragment, codes or cookies', async () => {
    const site = analyticsBff.baseUrl;
    const { context, page, problems } = await visitor(site);

    const first = await page.goto('/', { referer: REFERRER });
    await page.waitForFunction(() => document.documentElement.dataset.app === 'started');
    expect(first?.headers()['content-security-policy']).toMatch(
      new RegExp(`connect-src 'self' ${new URL(endpoint).origin}(;|$)`),
    );
    expect(await pageViewsReach(1)).toEqual([`${site}/`]);

    // In-app moves: the router changes the page, the browser loads nothing.
    await page.getByRole('link', { name: 'ABOUT', exact: true }).click();
    await page.waitForURL(`${site}/about`);
    await pageViewsReach(2);
    await page.getByRole('link', { name: 'PRIVACY POLICY', exact: true }).click();
    await page.waitForURL(`${site}/privacy-policy`);
    await pageViewsReach(3);
    await page.goBack();
    await page.waitForURL(`${site}/about`);
    expect(await pageViewsReach(4)).toEqual([
      `${site}/`,
      `${site}/about`,
      `${site}/privacy-policy`,
      `${site}/about`,
    ]);

    // A first load with a query and a fragment, and a mailed link with its code.
    await open(page, `/privacy-policy?from=mail&email=${QUERY_MARK}#analytics`);
    await page.getByText('Analytics are on for this site.').waitFor();
    await pageViewsReach(5);
    await open(page, `/account/reset/${CODE}?email=${QUERY_MARK}`);
    expect((await pageViewsReach(6)).slice(4)).toEqual([
      `${site}/privacy-policy`,
      `${site}/account/reset/:hash`,
    ]);
    await context.close();

    expect(problems).toEqual([]);
    for (const request of recorded) {
      expect(request.method).toBe('POST');
      expect(request.path).toBe('/api/event');
      expect(request.headers.cookie).toBeUndefined();
      expect(request.body).not.toContain(CODE);
      for (const secret of ['email', 'ann', 'story', 'privacyAccepted']) {
        expect(request.body).not.toContain(secret);
      }
    }
    for (const event of events()) {
      expect(event.d).toBe(SITE);
      expect(event.u).not.toMatch(/[?#]/);
      // The referring site, never its page; our own pages send no referrer (no-referrer).
      expect([null, 'https://news.example.org/']).toContain(event.r ?? null);
    }
  });

  it('sends nothing and loads no tracker when none is configured', async () => {
    const before = recorded.length;
    const site = baseUrl();
    const { context, page, problems, requests } = await visitor(site);
    const first = await page.goto('/');
    await page.waitForFunction(() => document.documentElement.dataset.app === 'started');
    expect(first?.headers()['content-security-policy']).toMatch(/connect-src 'self'(;|$)/);
    await page.getByRole('link', { name: 'PRIVACY POLICY', exact: true }).click();
    await page.waitForURL(`${site}/privacy-policy`);
    await page.getByText('Analytics are off for this site.').waitFor();
    await open(page, `/account/reset/${CODE}`);
    expect(await page.locator('meta[name="analytics"]').count()).toBe(0);
    await context.close();

    expect(problems).toEqual([]);
    expect(requests.filter((url) => !url.startsWith(`${site}/`))).toEqual([]);
    // The bundled tracker is a chunk of its own, fetched only when analytics are on.
    expect(requests.filter((url) => /plausible/i.test(url))).toEqual([]);
    expect(recorded.length).toBe(before);
  });
});
