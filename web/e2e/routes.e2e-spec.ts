import type { Browser } from 'playwright-core';
import {
  acceptCookies,
  DESKTOP,
  launchBrowser,
  MOBILE,
  newPage,
  open,
  screenshot,
} from './support/browser';
import { seriousViolations } from './support/axe';
import { routePaths, ROUTE_NAMES, type RouteName } from './support/routes';

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

describe('the phone view at 360 px (decision 0056)', () => {
  let browser: Browser;
  let close: () => Promise<void>;
  let paths: Record<RouteName, string>;
  beforeAll(async () => {
    ({ browser, close } = await launchBrowser());
    paths = await routePaths();
  });
  afterAll(async () => close());

  it('an industry answers with a card per company, from the server, and compares from the cards', async () => {
    const { context, page, errors } = await newPage(browser, MOBILE);
    await acceptCookies(context);
    // The server's HTML already holds the cards: CSS, not a width check, shows them.
    const html = await (await page.request.get(paths.industry)).text();
    expect(html).toContain('data-testid="ranking-cards"');
    await open(page, paths.industry);
    const cards = page.getByTestId('ranking-card');
    await cards.first().waitFor();
    expect(await cards.count()).toBe(
      await page.getByTestId('ranking-table').locator('tbody tr').count(),
    );
    const first = cards.first();
    await first.getByTestId('rank-badge').waitFor();
    expect(await first.textContent()).toMatch(/Best: .+Worst: |Same rank on every issue/);
    const box = (await first.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(MOBILE.width);
    await screenshot(page, 'phone-industry-cards-360');
    for (const index of [0, 1]) await cards.nth(index).getByRole('checkbox').check();
    await page.getByRole('link', { name: 'Compare them side by side' }).click();
    await page.waitForURL(/\/compare\/us\/[a-z0-9-]+\?c=[^,]+,[^,]+$/);
    expect(errors).toEqual([]);
    await context.close();
    // Wide, the table is the answer and the cards are not shown.
    const wide = await newPage(browser, DESKTOP);
    await acceptCookies(wide.context);
    await open(wide.page, paths.industry);
    await wide.page.getByTestId('ranking-table').waitFor();
    expect(await wide.page.getByTestId('ranking-cards').isVisible()).toBe(false);
    await wide.context.close();
  });

  it('"why this rank" reads whole, and at most one bar stays on the screen', async () => {
    const { context, page } = await newPage(browser, MOBILE);
    await acceptCookies(context);
    await open(page, paths.company);
    const why = page.getByTestId('why-bars');
    await why.waitFor();
    await why.scrollIntoViewIfNeeded();
    const frame = page.locator('.why-this-rank .table-scroll');
    expect(await frame.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(
      true,
    );
    await screenshot(page, 'phone-company-why-360');
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight / 2));
    const bars = await page.evaluate(() =>
      Array.from(document.querySelectorAll('body *'))
        .filter((element) => {
          const style = getComputedStyle(element);
          if (style.position !== 'fixed' && style.position !== 'sticky') return false;
          if (style.visibility === 'hidden' || Number(style.opacity) === 0) return false;
          const rect = element.getBoundingClientRect();
          // A bar: as wide as the screen, in it, and not a whole-screen layer (a dialog, the
          // loader); table cells stick inside their frames.
          return (
            rect.width >= window.innerWidth - 1 &&
            rect.height > 4 &&
            rect.height < window.innerHeight / 2 &&
            rect.bottom > 0 &&
            rect.top < window.innerHeight
          );
        })
        .map((element) => element.className),
    );
    // At most one: any beyond the first is named in the failure.
    expect(bars.slice(1)).toEqual([]);
    await context.close();
  });

  it('the comparison picker is no wall of checkboxes: chosen first, others found by name', async () => {
    const { context, page } = await newPage(browser, MOBILE);
    await acceptCookies(context);
    await open(page, paths.compare);
    const picker = page.getByTestId('compare-picker');
    await picker.waitFor();
    const visible = picker.locator('input[type="checkbox"]:visible');
    const chosen = await visible.count();
    expect(chosen).toBeLessThanOrEqual(4);
    const name = (await page.locator('.compare-table thead th a').first().textContent())!.trim();
    await picker.getByLabel('Find a company').fill(name.slice(0, 3));
    await picker.locator('.compare-matches').waitFor();
    expect(await visible.count()).toBeGreaterThanOrEqual(chosen);
    await screenshot(page, 'phone-compare-picker-360');
    await context.close();
  });
});
