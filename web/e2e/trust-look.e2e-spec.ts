import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { seriousViolations } from './support/axe';
import {
  acceptCookies,
  baseUrl,
  launchBrowser,
  MOBILE,
  newPage,
  REVIEW_VIEWPORTS,
  WIDE,
  open,
  screenshot,
  SCREENSHOT_DIR,
} from './support/browser';
import { sampleTargets } from './support/data';
import { signUp, submitSignUp } from './support/member';

/**
 * The look and the first sight (decision 0056): what a stranger sees in the first screen
 * at 1366 and 360 px, the ways in from every page, the design system's colour scale and tables,
 * embedding, forms that tell the truth, a cookie notice that covers nothing, the members' page and
 * no console error for a visitor. Screenshots go to web/e2e/screenshots/look-*.png.
 */
const THEMES = ['light', 'dark'] as const;

async function withTheme(page: Page, theme: (typeof THEMES)[number]): Promise<void> {
  await page.addInitScript((value) => localStorage.setItem('upright-theme', value), theme);
}

/** Every console error and failed page script (not only hydration's, as newPage keeps). */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${message.text()} ${message.location().url}`);
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** The shared sign-up, with what the page said when it did not arrive on the priorities page. */
async function signUpShowingFailure(page: Page, email: string): Promise<void> {
  try {
    await signUp(page, email);
  } catch (failure) {
    await screenshot(page, 'look-signup-failed');
    const said = await page.getByTestId('error-box').allTextContents();
    throw new Error(
      `sign-up did not finish (${said.join(' ') || 'no error shown'}): ${String(failure)}`,
    );
  }
}

/** What a reader sees before scrolling. */
async function firstScreen(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });
}

describe('trust at first sight: the look', () => {
  let browser: Browser;
  let close: () => Promise<void>;
  let targets: Awaited<ReturnType<typeof sampleTargets>>;
  beforeAll(async () => {
    ({ browser, close } = await launchBrowser());
    targets = await sampleTargets();
  });
  afterAll(async () => close());

  it.each(REVIEW_VIEWPORTS)(
    'home at %s px: the statement with live counts is in the first screen',
    async (label, viewport) => {
      for (const theme of THEMES) {
        const { context, page, errors } = await newPage(browser, viewport);
        await acceptCookies(context);
        await withTheme(page, theme);
        await open(page, '/');
        const statement = page.getByTestId('site-statement');
        await statement.waitFor();
        const box = (await statement.boundingBox())!;
        expect(box.y).toBeGreaterThanOrEqual(0);
        expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
        for (const count of ['count-companies', 'count-industries', 'count-issues']) {
          expect(await page.getByTestId(count).textContent()).toMatch(/^[1-9]\d* /);
        }
        expect(await page.getByTestId('count-issues').textContent()).toBe('9 issues');
        // Counted live: as many industries as are active.
        const active = (await (await fetch(`${baseUrl()}/api/active`)).json()) as unknown[];
        expect(await page.getByTestId('count-industries').textContent()).toBe(
          `${active.length} industries`,
        );
        expect(await statement.textContent()).toContain(
          'regulators, NGOs, news media and company self-reporting',
        );
        expect(await page.getByTestId('latest-data').textContent()).toMatch(
          /^Latest data: Q[1-4] \d{4}/,
        );
        await statement.getByRole('link', { name: 'How the ranking works' }).waitFor();
        await statement.getByRole('link', { name: /^All \d+ industr/ }).waitFor();
        await screenshot(page, `look-home-${label}-${theme}`);
        await firstScreen(page, `look-home-first-screen-${label}-${theme}`);
        expect(errors).toEqual([]);
        await context.close();
      }
    },
  );

  it('methodology, industries, compare and open data are in the top bar and the footer', async () => {
    const { context, page } = await newPage(browser, WIDE);
    await acceptCookies(context);
    for (const path of ['/', '/faq', `/companies/us/${targets.industry}`]) {
      await open(page, path);
      const bar = page.getByRole('navigation', { name: 'Main' });
      const footer = page.getByRole('navigation', { name: 'Footer' });
      for (const name of ['INDUSTRIES', 'METHODOLOGY', 'COMPARE', 'OPEN DATA']) {
        expect(await bar.getByRole('link', { name, exact: true }).isVisible()).toBe(true);
        expect(await footer.getByRole('link', { name, exact: true }).count()).toBe(1);
      }
    }
    await context.close();

    // At 360 px the same ways in are in the menu.
    const small = await newPage(browser, MOBILE);
    await acceptCookies(small.context);
    await open(small.page, '/');
    await small.page.getByRole('button', { name: 'Open menu' }).click();
    const menu = small.page.getByRole('dialog', { name: 'Menu' });
    for (const name of ['Industries', 'Methodology', 'Compare companies', 'Open data']) {
      await menu.getByRole('link', { name, exact: true }).waitFor();
    }
    await small.context.close();
  });

  it('the industries index, the accessibility statement, About and the methodology definitions', async () => {
    const { context, page } = await newPage(browser, WIDE);
    await acceptCookies(context);
    await open(page, '/');
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'INDUSTRIES' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Industries' }).waitFor();
    // A client-side navigation: the heading is there before the list's answer (which a busy
    // BFF may shed once, and the app asks again a second later).
    const cards = page.getByTestId('industry-index').locator('li');
    await cards.first().waitFor();
    expect(await cards.count()).toBeGreaterThan(0);
    await cards
      .first()
      .getByRole('link', { name: /^Compare / })
      .waitFor();
    await open(page, '/methodology');
    await page.getByRole('heading', { name: 'What each issue measures' }).waitFor();
    expect(await page.locator('.issue-definition').count()).toBe(9);
    expect(await page.locator('.issue-definition').first().textContent()).toContain('1500');
    await open(page, '/about');
    await page.getByText('No payment changes a rank.').waitFor();
    await page.getByRole('heading', { name: 'Funding and independence' }).waitFor();
    await page.getByRole('heading', { name: 'Corrections' }).waitFor();
    await page.getByText('A company cannot influence its rank').waitFor();
    await page.getByText(/change at most once\s+a month/).waitFor();
    await open(page, '/accessibility');
    await page.getByRole('heading', { level: 1, name: 'Accessibility statement' }).waitFor();
    await context.close();

    const problems: string[] = [];
    for (const path of ['/industries', '/accessibility', '/about', '/methodology']) {
      for (const theme of THEMES) {
        const themed = await newPage(browser, WIDE);
        await acceptCookies(themed.context);
        await withTheme(themed.page, theme);
        await open(themed.page, path);
        await themed.page.waitForLoadState('networkidle');
        for (const violation of await seriousViolations(themed.page)) {
          problems.push(`${path} ${theme}: ${violation.id} ${violation.help}`);
        }
        const name = path.slice(1);
        for (const [label, viewport] of REVIEW_VIEWPORTS) {
          await themed.page.setViewportSize(viewport);
          await screenshot(themed.page, `look-${name}-${label}-${theme}`);
        }
        const width = await themed.page.evaluate(() => document.documentElement.scrollWidth);
        if (width > MOBILE.width + 1) problems.push(`${path}: ${width} px wide at 360 px`);
        await themed.context.close();
      }
    }
    expect(problems).toEqual([]);
  });

  it('tables at 360 px: ranks on the colour scale, the company column stays, compare in reach', async () => {
    for (const theme of THEMES) {
      const { context, page } = await newPage(browser, MOBILE);
      await acceptCookies(context);
      await withTheme(page, theme);
      await open(page, `/companies/us/${targets.industry}`);
      const table = page.getByTestId('ranking-table');
      await table.waitFor();
      // Rank 1 is in the top fifth, in colour and in five filled pips.
      const first = table.locator('tbody tr').first();
      expect(await first.locator('td.rank-cell').getAttribute('class')).toContain('tier-1');
      expect(await first.locator('td.rank-cell .rank-meter .pip.is-on').count()).toBe(5);
      const compare = first.locator('td.row-action input[type="checkbox"]');
      const box = (await compare.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(MOBILE.width);
      await screenshot(page, `look-industry-table-360-${theme}`);
      const scroller = page.locator('.table-scroll').filter({ has: table });
      const name = first.locator('th[scope="row"]');
      const edge = (await scroller.boundingBox())!.x;
      await scroller.evaluate((element) => element.scrollBy(400, 0));
      await page.waitForFunction(
        () => (document.querySelector('.table-scroll') as HTMLElement).scrollLeft > 0,
      );
      // Scrolled past the rank columns, the company's name holds at the frame's left edge.
      expect(Math.abs((await name.boundingBox())!.x - edge)).toBeLessThanOrEqual(1);
      await screenshot(page, `look-industry-table-360-scrolled-${theme}`);
      await context.close();
    }
  });

  it('"Embed this" gives the iframe code and a preview on industry and report pages', async () => {
    expect(targets.reportPath).not.toBeNull();
    for (const [path, widget] of [
      [`/companies/us/${targets.industry}`, `/widgets/companies/us/${targets.industry}`],
      [targets.reportPath!, `/widgets${targets.reportPath!}`],
    ]) {
      for (const [label, viewport] of REVIEW_VIEWPORTS) {
        const { context, page } = await newPage(browser, viewport);
        await acceptCookies(context);
        await open(page, path);
        const embed = page.getByTestId('embed-this');
        await embed.locator('summary').click();
        const code = await embed.getByLabel('Embed code').inputValue();
        expect(code).toMatch(/^<iframe src="https?:\/\/[^"]+" title="[^"]+" width="100%"/);
        expect(code).toContain(`${new URL(page.url()).origin}${widget}"`);
        const preview = embed.frameLocator('iframe.embed-preview');
        await preview.getByTestId('ranking-table').waitFor();
        await embed.scrollIntoViewIfNeeded();
        await screenshot(
          page,
          `look-embed${path.startsWith('/reports') ? '-report' : ''}-${label}`,
        );
        await context.close();
      }
    }
  });

  it('no console error on the public routes for a visitor, and no session probe', async () => {
    const routes = [
      '/',
      '/reports',
      '/industries',
      `/companies/us/${targets.industry}`,
      `/companies/us/${targets.company.industry}/${targets.company.slug}`,
      `/compare/us/${targets.industry}?c=${targets.compareSlugs.join(',')}`,
      '/methodology',
      '/about',
      '/faq',
      '/contact',
      '/accessibility',
      '/account/signin',
      '/account/signup',
      ...(targets.reportPath ? [targets.reportPath] : []),
    ];
    const { context, page } = await newPage(browser, WIDE);
    await acceptCookies(context);
    const errors = consoleErrors(page);
    const probes: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/user') probes.push(request.url());
    });
    const found: string[] = [];
    for (const path of routes) {
      await open(page, path);
      await page.waitForLoadState('networkidle');
      found.push(...errors.splice(0).map((error) => `${path}: ${error}`));
    }
    expect(found).toEqual([]);
    expect(probes).toEqual([]);
    await context.close();
  });

  it('the cookie notice says what is set, lets a visitor refuse, and covers no control', async () => {
    const { context, page } = await newPage(browser, MOBILE);
    await open(page, '/account/signup');
    const notice = page.getByRole('region', { name: 'Cookie notice' });
    await notice.waitFor();
    expect(await notice.textContent()).toContain('nothing is set for advertising or tracking');
    await screenshot(page, 'look-cookie-notice-360');
    // Every control of the form, scrolled to, is where a click lands: not under the notice.
    const controls = page.locator(
      'form input:visible, form select:visible, form button:visible, altcha-widget label:visible',
    );
    for (let i = 0; i < (await controls.count()); i += 1) {
      const control = controls.nth(i);
      await control.scrollIntoViewIfNeeded();
      const covered = await control.evaluate((element) => {
        const box = element.getBoundingClientRect();
        const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
        return hit !== null && hit.closest('.cookie-notice, .mobile-promo') !== null;
      });
      expect(covered).toBe(false);
    }
    await notice.getByRole('button', { name: 'Hide this notice' }).click();
    await notice.waitFor({ state: 'detached' });
    const cookies = await context.cookies();
    expect(cookies.find((cookie) => cookie.name === 'noCookies')?.value).toBe('true');
    expect(cookies.find((cookie) => cookie.name === 'privacyAccepted')).toBeUndefined();
    await context.close();
  });

  it('sign-up: a disabled Join says what is missing; an error shows beside it and takes the focus; the preview sits beside the sliders', async () => {
    const email = `e2e-look-${randomUUID().slice(0, 8)}@example.org`;
    const first = await newPage(browser, WIDE);
    await acceptCookies(first.context);
    await open(first.page, '/account/signup');
    const join = first.page.getByRole('button', { name: 'Join' });
    expect(await join.isDisabled()).toBe(true);
    expect(await first.page.getByTestId('join-missing').textContent()).toMatch(
      /^To join, still needed: your first name, .*the captcha\.$/,
    );
    await signUpShowingFailure(first.page, email);
    // The members' page: the nine first, the preview beside them in the first screen.
    await first.page.getByRole('heading', { name: 'Your priorities' }).waitFor();
    const sliders = (await first.page.locator('#priorities-form fieldset').first().boundingBox())!;
    const preview = (await first.page.locator('.priorities-preview').boundingBox())!;
    expect(preview.x).toBeGreaterThanOrEqual(sliders.x + sliders.width);
    expect(preview.y).toBeLessThan(WIDE.height);
    expect(await first.page.locator('#priorities-form input[type="range"]:visible').count()).toBe(
      9,
    );
    await screenshot(first.page, 'look-priorities-1366');
    await first.page.setViewportSize(MOBILE);
    await screenshot(first.page, 'look-priorities-360');
    await first.context.close();

    for (const [label, viewport] of REVIEW_VIEWPORTS) {
      const { context, page } = await newPage(browser, viewport);
      await acceptCookies(context);
      const again = await submitSignUp(page, email);
      const error = page.getByTestId('error-box');
      await error.waitFor();
      expect(await error.textContent()).toContain(
        'An account with this email address already exists',
      );
      expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
        'error-box',
      );
      const errorBox = (await error.boundingBox())!;
      const button = (await again.boundingBox())!;
      // Beside the button: directly above it, not a screen away.
      expect(button.y - (errorBox.y + errorBox.height)).toBeGreaterThanOrEqual(0);
      expect(button.y - (errorBox.y + errorBox.height)).toBeLessThan(40);
      await screenshot(page, `look-signup-error-${label}`);
      await context.close();
    }
    // Three sign-ups, each solving the captcha's proof of work in the page.
  }, 240_000);

  it('charts at 360 px are drawn one to one: 12 px labels stay 12 px', async () => {
    const { context, page } = await newPage(browser, MOBILE);
    await acceptCookies(context);
    await open(page, `/companies/us/${targets.company.industry}/${targets.company.slug}`);
    const chart = page.locator('.history-chart svg.chart').first();
    await chart.waitFor();
    await chart.scrollIntoViewIfNeeded();
    await page.waitForFunction(() => {
      const svg = document.querySelector('.history-chart svg.chart') as SVGSVGElement | null;
      return svg !== null && svg.viewBox.baseVal.width <= svg.getBoundingClientRect().width + 1;
    });
    const smallest = await chart.evaluate((svg) =>
      Math.min(
        ...Array.from(svg.querySelectorAll('.chart-label')).map(
          (label) => (label as SVGTextElement).getBoundingClientRect().height,
        ),
      ),
    );
    // A 12 px font's box is at least 12 px tall.
    expect(smallest).toBeGreaterThanOrEqual(12);
    await screenshot(page, 'look-company-chart-360');
    await context.close();
  });
});
