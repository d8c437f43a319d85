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

const ROUTE_NAMES = [
  'home',
  'reports',
  'report',
  'industry',
  'company',
  'compare',
  'signin',
  'signup',
  'reset-request',
  'about',
  'faq',
  'methodology',
  'contact',
  'privacy-policy',
  'terms-of-use',
  'widget-industry',
  'widget-report',
  'reset-link',
  'verify-link',
  'unsubscribe-link',
  'correction-form',
  'corrections-ledger',
  'industries',
  'accessibility',
  'not-found',
] as const;
type RouteName = (typeof ROUTE_NAMES)[number];

/** Every route of docs/product/spec.md#s2 with real sample-data parameters, as a visitor. */
async function routePaths(): Promise<Record<RouteName, string>> {
  const { industry, company, compareSlugs, reportPath } = await sampleTargets();
  if (!reportPath) throw new Error('no report in /api/reports/latest/1');
  return {
    home: '/',
    reports: '/reports',
    report: reportPath,
    industry: `/companies/us/${industry}`,
    company: `/companies/us/${company.industry}/${company.slug}`,
    compare: `/compare/us/${industry}?c=${compareSlugs.join(',')}`,
    signin: '/account/signin',
    signup: '/account/signup',
    'reset-request': '/account/reset',
    about: '/about',
    faq: '/faq',
    // With the crowd's weights: hidden until enough members are weighted.
    methodology: '/methodology',
    contact: '/contact',
    'privacy-policy': '/privacy-policy',
    'terms-of-use': '/terms-of-use',
    'widget-industry': `/widgets/companies/us/${industry}`,
    'widget-report': `/widgets${reportPath}`,
    // The mailed-link pages with links that are not valid (their error states).
    'reset-link': `/account/reset/${'x'.repeat(43)}`,
    'verify-link': `/account/verify/${'x'.repeat(43)}`,
    'unsubscribe-link': '/account/unsubscribe/no-such-member/no-such-key',
    // A figure's correction form and the company's ledger.
    'correction-form': `/corrections/request?industry=${company.industry}&company=${encodeURIComponent(company.slug)}&field=climate_score&period=2020-Q1`,
    'corrections-ledger': `/corrections/us/${company.industry}/${company.slug}`,
    industries: '/industries',
    accessibility: '/accessibility',
    'not-found': '/no-such-page',
  };
}

describe('every route: accessible in both themes, screenshotted, fits 360 px', () => {
  let browser: Browser;
  let close: () => Promise<void>;
  let paths: Record<RouteName, string>;
  beforeAll(async () => {
    ({ browser, close } = await launchBrowser());
    paths = await routePaths();
  });
  afterAll(async () => close());

  /** Serious accessibility violations of the route in one theme, the cookie notice accepted. */
  async function violationsIn(name: RouteName, theme: 'light' | 'dark'): Promise<string[]> {
    const { context, page } = await newPage(browser, DESKTOP);
    await acceptCookies(context);
    await page.addInitScript((value) => localStorage.setItem('upright-theme', value), theme);
    await page.goto(paths[name]);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.waitForLoadState('networkidle');
    const problems = (await seriousViolations(page)).map(
      (violation) =>
        `${theme}: ${violation.id} (${violation.impact}) ${violation.help} ${violation.targets.join(' ')}`,
    );
    await context.close();
    return problems;
  }

  /** A first visit's screenshot (the cookie notice shows, as visitors see it); at 360 px, its fit. */
  async function screenshotProblems(name: RouteName, label: 'desktop' | '360'): Promise<string[]> {
    const { page, context } = await newPage(browser, label === '360' ? MOBILE : DESKTOP);
    await page.goto(paths[name]);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.waitForLoadState('networkidle');
    await screenshot(page, `${name}-${label}`);
    const width =
      label === '360' ? await page.evaluate(() => document.documentElement.scrollWidth) : 0;
    await context.close();
    return width > MOBILE.width + 1 ? [`360 px: the page is ${width} px wide`] : [];
  }

  // One visit at a time, as a person makes them. Four pages at once on two cores once had the
  // first route's page navigate under the test (most likely the refresh of a page the BFF shed
  // while its loop was late, decision 0061), which is no fault of the route.
  it.each(ROUTE_NAMES)('%s', async (name) => {
    const problems = [
      ...(await violationsIn(name, 'light')),
      ...(await violationsIn(name, 'dark')),
      ...(await screenshotProblems(name, 'desktop')),
      ...(await screenshotProblems(name, '360')),
    ];
    expect(problems).toEqual([]);
  });
});
