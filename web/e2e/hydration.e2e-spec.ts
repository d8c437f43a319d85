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
 * Record 0039: public pages arrive rendered by the app's own components and the browser adopts
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
});
