import type { Browser } from 'playwright-core';
import {
  acceptCookies,
  DESKTOP,
  launchBrowser,
  MOBILE,
  newPage,
  screenshot,
} from './support/browser';
import { seriousViolations } from './support/axe';
import { sampleTargets } from './support/data';

/** Every route of spec §2 with real sample-data parameters, as a visitor. */
async function visitorRoutes(): Promise<Array<[string, string]>> {
  const { industry, company, reportPath } = await sampleTargets();
  const routes: Array<[string, string]> = [
    ['home', '/'],
    ['reports', '/reports'],
    ['industry', `/companies/us/${industry}`],
    ['company', `/companies/us/${company.industry}/${company.slug}`],
    ['signin', '/account/signin'],
    ['signup', '/account/signup'],
    ['reset-request', '/account/reset'],
    ['about', '/about'],
    ['faq', '/faq'],
    ['contact', '/contact'],
    ['privacy-policy', '/privacy-policy'],
    ['terms-of-use', '/terms-of-use'],
    ['widget-industry', `/widgets/companies/us/${industry}`],
    ['not-found', '/no-such-page'],
  ];
  if (reportPath) {
    routes.push(['report', reportPath]);
    routes.push(['widget-report', `/widgets${reportPath}`]);
  } else {
    routes.push(['report', '/reports/1/2026-01-01/missing-report-api']);
  }
  return routes;
}

describe('every route: accessible, screenshotted, fits 360 px', () => {
  let browser: Browser;
  let close: () => Promise<void>;
  let routes: Array<[string, string]>;
  beforeAll(async () => {
    ({ browser, close } = await launchBrowser());
    routes = await visitorRoutes();
  });
  afterAll(async () => close());

  for (const theme of ['light', 'dark'] as const) {
    it(`no serious or critical axe violations on any route (${theme} theme)`, async () => {
      const failures: string[] = [];
      for (const [name, path] of routes) {
        const { context, page } = await newPage(browser, DESKTOP);
        await acceptCookies(context);
        await page.addInitScript((value) => localStorage.setItem('upright-theme', value), theme);
        await page.goto(path);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        await page.waitForLoadState('networkidle');
        const violations = await seriousViolations(page);
        for (const violation of violations) {
          failures.push(
            `${name} ${path}: ${violation.id} (${violation.impact}) ${violation.help} ${violation.targets.join(' ')}`,
          );
        }
        await context.close();
      }
      expect(failures).toEqual([]);
    });
  }

  it('screenshots every route at desktop and 360 px, without sideways scrolling at 360 px', async () => {
    const overflowing: string[] = [];
    for (const [name, path] of routes) {
      for (const [label, viewport] of [
        ['desktop', DESKTOP],
        ['360', MOBILE],
      ] as const) {
        const { page, context } = await newPage(browser, viewport);
        await page.goto(path);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        await page.waitForLoadState('networkidle');
        await screenshot(page, `${name}-${label}`);
        if (label === '360') {
          const width = await page.evaluate(() => document.documentElement.scrollWidth);
          if (width > 361) overflowing.push(`${name}: ${width}px`);
        }
        await context.close();
      }
    }
    expect(overflowing).toEqual([]);
  });
});
