import type { Browser } from 'playwright-core';
import { DESKTOP, launchBrowser, MOBILE, newPage } from './support/browser';
import { sampleTargets } from './support/data';

declare global {
  interface Window {
    /** The page's heading as the server sent it, taken before the app started. */
    sentHeading?: Element | null;
  }
}

/**
 * Decision 0039: public pages arrive rendered by the app's own components and the browser adopts
 * them (React hydration) instead of drawing them again: the heading the server sent is the same
 * element once the app has started, nothing is logged, and the page asks no API for its data.
 */
describe('server-made pages are adopted by the app', () => {
  let browser: Browser;
  let close: () => Promise<void>;
  /** Each page, and the data it reads that no link on it prefetches (the prefetcher's are its own). */
  let pages: Array<[string, string, string[]]>;
  beforeAll(async () => {
    ({ browser, close } = await launchBrowser());
    const { industry, company, compareSlugs, reportPath } = await sampleTargets();
    const companyPath = `${industry}/${company.slug}`;
    pages = [
      ['home', '/', []],
      ['reports', '/reports', []],
      ['report', reportPath!, [`/api/published${reportPath!.slice('/reports'.length)}`]],
      ['industry', `/companies/us/${industry}`, [`/api/companies/us/${industry}`]],
      ['company', `/companies/us/${companyPath}`, [`/api/primary/us/${companyPath}`]],
      [
        'compare',
        `/compare/us/${industry}?c=${compareSlugs.join(',')}`,
        [`/api/compare/us/${industry}`],
      ],
      ['methodology', '/methodology', []],
      [
        'corrections ledger',
        `/corrections/us/${companyPath}`,
        [`/api/corrections/us/${companyPath}`],
      ],
      ['about', '/about', []],
      ['industries', '/industries', []],
      ['accessibility', '/accessibility', []],
      ['not found', '/no-such-page', []],
    ];
  });
  afterAll(async () => close());

  it.each([
    ['desktop', DESKTOP],
    ['360 px', MOBILE],
  ] as const)('%s: every public page keeps its first HTML', async (_label, viewport) => {
    for (const [name, path, dataPaths] of pages) {
      const { context, page, errors } = await newPage(browser, viewport);
      await page.addInitScript(() => {
        document.addEventListener('DOMContentLoaded', () => {
          window.sentHeading = document.querySelector('h1');
        });
      });
      const dataRequests: string[] = [];
      page.on('request', (request) => {
        const { pathname } = new URL(request.url());
        if (dataPaths.includes(pathname)) dataRequests.push(pathname);
      });
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      const adopted = await page.evaluate(() => {
        const heading = document.querySelector('h1');
        return heading !== null && heading === window.sentHeading;
      });
      expect({ name, adopted, errors }).toEqual({ name, adopted: true, errors: [] });
      expect({ name, dataRequests }).toEqual({ name, dataRequests: [] });
      await context.close();
    }
  });

  // Decision 0040: the server's HTML cannot know the reader's theme; index.html's boot script sets
  // it before the first paint, allowed by the CSP through its hash. The app's own scripts are kept
  // away here, so the colours on screen are the boot script's alone.
  it.each([
    ['chosen on this site', 'light', 'dark'],
    ['the system preference', 'dark', null],
  ] as const)(
    'a dark theme %s is on screen before the app runs',
    async (_label, colorScheme, stored) => {
      const { context, page } = await newPage(browser);
      const refused: string[] = [];
      page.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
      });
      await page.emulateMedia({ colorScheme });
      if (stored) {
        await page.addInitScript((theme) => localStorage.setItem('upright-theme', theme), stored);
      }
      await page.route('**/assets/*.js', (route) => route.abort());
      await page.goto(pages.find(([name]) => name === 'industry')![1]);
      const shown = await page.evaluate(() => ({
        theme: document.documentElement.dataset.theme,
        background: getComputedStyle(document.body).backgroundColor,
        app: document.documentElement.dataset.app ?? null,
      }));
      expect(shown).toEqual({ theme: 'dark', background: 'rgb(18, 20, 23)', app: null });
      expect(refused).toEqual([]);
      await context.close();
    },
  );
});
