import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { seriousViolations } from './support/axe';
import {
  acceptCookies,
  baseUrl,
  launchBrowser,
  MOBILE,
  newPage,
  open,
  screenshot,
} from './support/browser';
import { sampleTargets } from './support/data';
import { PASSWORD, signUp } from './support/member';

async function signIn(page: Page, email: string): Promise<void> {
  await open(page, '/account/signin');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * The industry's order as the page shows it to this viewer. The page is sent as a visitor sees it
 * (decision 0039): a member's own ranking replaces it once the session is known, so the order is
 * read after the note names the weighting this viewer gets.
 */
async function rankingOrder(page: Page, industry: string, weighting: RegExp): Promise<string[]> {
  await open(page, `/companies/us/${industry}`);
  await page.getByTestId('weighting-note').filter({ hasText: weighting }).waitFor();
  const ranking = page.getByTestId('ranking-table');
  await ranking.locator('tbody tr').first().waitFor();
  return ranking.locator('tbody th').allTextContents();
}

/** On the priorities page after sign-up: only climate matters, everything else not at all. */
async function saveClimateOnly(page: Page): Promise<void> {
  await page.getByRole('heading', { name: 'Your priorities' }).waitFor();
  for (const label of [
    'Executive pay & income inequality',
    'US lobbying',
    'US federal taxes',
    'Price inflation',
    'Stock repurchasing',
    'Diverse representation',
    'Diversity pay gap',
    'Net neutrality',
  ]) {
    await page.getByLabel(label, { exact: true }).fill('0');
  }
  await page.getByLabel('Climate', { exact: true }).fill('10');
  await page.getByText('You have unsaved changes.').waitFor();
  await page.getByRole('button', { name: 'SAVE' }).click();
  await page.getByTestId('success-overlay').getByText('updated').waitFor();
  await page.getByTestId('success-overlay').waitFor({ state: 'detached' });
}

/** What a screen reader hears in the move column for a move (the oracle of the check). */
function moveWords(move: number | null): string {
  if (move === null) return 'new this period';
  if (move > 0) return `up ${move}`;
  if (move < 0) return `down ${-move}`;
  return 'no change';
}

describe('member', () => {
  let browser: Browser;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ browser, close } = await launchBrowser());
  });
  afterAll(async () => close());

  it('signs up (captcha solved in the page), changes priorities and the industry order changes', async () => {
    const { industry } = await sampleTargets();
    const { context, page, errors } = await newPage(browser);
    await acceptCookies(context);
    const visitorOrder = await rankingOrder(page, industry, /equal weights/);
    await signUp(page, `e2e-${randomUUID().slice(0, 8)}@example.org`);
    await saveClimateOnly(page);
    const memberOrder = await rankingOrder(page, industry, /your priorities/);
    expect(await page.getByTestId('weighting-note').textContent()).toContain('your priorities');
    expect(memberOrder).not.toEqual(visitorOrder);
    expect([...memberOrder].sort()).toEqual([...visitorOrder].sort());
    expect(errors).toEqual([]);
    await context.close();
  });

  it('member pages: no serious or critical axe violations, screenshots at desktop and 360 px', async () => {
    const { context, page } = await newPage(browser);
    await acceptCookies(context);
    await signUp(page, `e2e-${randomUUID().slice(0, 8)}@example.org`);
    const pages = [
      ['priorities', '/account/priorities'],
      ['settings', '/account/settings'],
    ] as const;
    const problems: string[] = [];
    const check = async (theme: string) => {
      for (const [name, path] of pages) {
        await open(page, path);
        await page.getByRole('heading', { level: 1 }).waitFor();
        await page.waitForLoadState('networkidle');
        expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
        for (const violation of await seriousViolations(page)) {
          problems.push(
            `${name} ${theme}: ${violation.id} (${violation.impact}) ${violation.help}`,
          );
        }
      }
    };
    await check('light');
    for (const [name, path] of pages) {
      await open(page, path);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await screenshot(page, `${name}-desktop`);
      await page.setViewportSize(MOBILE);
      await page.reload();
      await page.getByRole('heading', { level: 1 }).waitFor();
      await screenshot(page, `${name}-360`);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      if (width > MOBILE.width + 1) problems.push(`${name} 360 px: the page is ${width} px wide`);
      await page.setViewportSize({ width: 1280, height: 900 });
    }
    // A member's theme is their saved setting.
    await open(page, '/account/settings');
    await page.getByLabel('Dark', { exact: true }).check();
    await page.getByRole('button', { name: 'SAVE' }).click();
    await page.getByText('Your settings were saved.').waitFor();
    await check('dark');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('discontinue → signed out → sign in shows the overlay → continue', async () => {
    const { context, page } = await newPage(browser);
    await acceptCookies(context);
    const email = `e2e-${randomUUID().slice(0, 8)}@example.org`;
    await signUp(page, email);
    await open(page, '/account/settings');
    await page.getByRole('button', { name: 'Discontinue membership' }).click();
    await page.getByLabel('Your password, to confirm').fill(PASSWORD);
    await page.getByRole('button', { name: 'Yes, discontinue my membership' }).click();
    await page.waitForURL(/\/account\/signin/);
    await page.getByTestId('session-notice').waitFor();
    await signIn(page, email);
    const overlay = page.getByRole('dialog', { name: 'MEMBERSHIP DISCONTINUED' });
    await overlay.waitFor();
    await overlay.getByRole('button', { name: 'Continue Upright Membership' }).click();
    const continued = page.getByRole('dialog', { name: 'MEMBERSHIP HAS BEEN CONTINUED' });
    await continued.waitFor();
    await continued.getByRole('button', { name: 'OK' }).click();
    await continued.waitFor({ state: 'detached' });
    await open(page, '/account/settings');
    await page.getByRole('heading', { name: 'Account settings' }).waitFor();
    await context.close();
  });

  it('a `next` the browser would resolve to another host is not followed after sign-in', async () => {
    const email = `e2e-${randomUUID().slice(0, 8)}@example.org`;
    const joined = await newPage(browser);
    await acceptCookies(joined.context);
    await signUp(joined.page, email);
    await joined.context.close();
    const { context, page } = await newPage(browser);
    await acceptCookies(context);
    const site = new URL(baseUrl()).origin;
    await open(page, '/account/signin?next=/%5Cevil.example/x');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/account/signin'));
    expect(new URL(page.url()).origin).toBe(site);
    expect(new URL(page.url()).pathname).toBe('/');
    await context.close();
  });

  it('a member whose session ends is signed out with the expired-session message', async () => {
    const { context, page } = await newPage(browser);
    await acceptCookies(context);
    await signUp(page, `e2e-${randomUUID().slice(0, 8)}@example.org`);
    await page.getByRole('link', { name: 'SETTINGS' }).waitFor();
    // The priorities page's own request first: one answered 401 after the cookie is gone would end
    // the session before the click, and the click would land on JOIN where SETTINGS was. Its
    // heading shows once that answer is in. (Not the `networkidle` load state: after an in-app
    // navigation it is already reached and waits for nothing.)
    await page.getByRole('heading', { name: 'Your priorities' }).waitFor();
    // `__Host-upright_session` in production (make test-production runs this over HTTPS).
    await context.clearCookies({ name: /^(__Host-)?upright_session$/ });
    await page.getByRole('link', { name: 'SETTINGS' }).click();
    await page.getByText('It looks like your session has expired. Please sign back in.').waitFor();
    await page.getByRole('link', { name: 'SIGN IN' }).waitFor();
    await context.close();
  });

  it('dark theme saved in settings follows the member', async () => {
    const { context, page } = await newPage(browser);
    await acceptCookies(context);
    await signUp(page, `e2e-${randomUUID().slice(0, 8)}@example.org`);
    await open(page, '/account/settings');
    await page.getByLabel('Dark', { exact: true }).check();
    await page.getByRole('button', { name: 'SAVE' }).click();
    await page.getByText('Your settings were saved.').waitFor();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await context.close();
  });

  it('a member is not invited to make the free account they have', async () => {
    const { context, page } = await newPage(browser);
    await acceptCookies(context);
    await signUp(page, `e2e-${randomUUID().slice(0, 8)}@example.org`);
    await open(page, '/');
    await page.getByText('Every ranking here is tailored by the priorities you set.').waitFor();
    expect(await page.getByText('with a free account').count()).toBe(0);
    await context.close();
  });

  it('follows a company from its page and finds it on the account page', async () => {
    const { company } = await sampleTargets();
    const { context, page, errors } = await newPage(browser);
    await acceptCookies(context);
    await signUp(page, `e2e-${randomUUID().slice(0, 8)}@example.org`);
    await page.getByRole('heading', { name: 'Your priorities' }).waitFor();
    await open(page, `/companies/us/${company.industry}/${company.slug}`);
    const follow = page.getByTestId('follow-button');
    await follow.waitFor();
    expect(await follow.getAttribute('aria-pressed')).toBe('false');
    await follow.click();
    await page.getByRole('button', { name: /^Following / }).waitFor();
    await open(page, '/account/settings');
    const list = page.getByTestId('follows-list');
    await list.waitFor();
    const link = list.getByRole('link', { name: company.name });
    expect(await link.getAttribute('href')).toBe(
      `/companies/us/${encodeURIComponent(company.industry)}/${encodeURIComponent(company.slug)}`,
    );
    await list.getByRole('button', { name: `Unfollow ${company.name}` }).click();
    await page.getByTestId('follows-empty').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows a member's own moves, weighed with their priorities, not the crowd's (decision 0047)", async () => {
    const { industry } = await sampleTargets();
    const { context, page, errors } = await newPage(browser);
    await acceptCookies(context);
    await signUp(page, `e2e-${randomUUID().slice(0, 8)}@example.org`);
    await saveClimateOnly(page);
    await rankingOrder(page, industry, /your priorities/);
    const rows = page.getByTestId('ranking-table').locator('tbody tr');
    const shown = new Map(
      await rows.evaluateAll((trs) =>
        trs.map((tr): [string, string] => [
          tr.querySelector('th')?.textContent ?? '',
          tr.querySelector('.move-cell .visually-hidden')?.textContent ?? '',
        ]),
      ),
    );
    // The answer the page was made from, with this member's session.
    const answer = await page.evaluate(async (path) => {
      const response = await fetch(path, { credentials: 'same-origin' });
      return (await response.json()) as {
        result: { ranked: Array<{ upright_cid: string; company_name: string }> };
        moves: Record<string, { arank: number | null; prank: number | null }>;
      };
    }, `/api/companies/us/${industry}`);
    const differing = answer.result.ranked.filter(
      (company) =>
        answer.moves[company.upright_cid].prank !== answer.moves[company.upright_cid].arank,
    );
    // Climate alone ranks this industry otherwise than the crowd: some move differs.
    expect(differing.length).toBeGreaterThan(0);
    expect(shown.size).toBeGreaterThan(0);
    const cidOf = new Map(answer.result.ranked.map((c) => [c.company_name, c.upright_cid]));
    for (const [name, words] of shown) {
      expect([name, words]).toEqual([name, moveWords(answer.moves[cidOf.get(name)!].prank)]);
    }
    expect(
      await page.getByRole('columnheader', { name: /Move since/ }).textContent(),
    ).not.toContain("members' average");
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the sign-up form tells the day before the 13th birthday from the day itself (decision 0047)', async () => {
    const { context, page, errors } = await newPage(browser);
    await acceptCookies(context);
    await open(page, '/account/signup');
    // Today where a date begins last (UTC−12), as accounts dates the birthday.
    const today = new Date(Date.now() - 12 * 60 * 60 * 1000);
    const birthDay = (daysLater: number) =>
      new Date(
        Date.UTC(today.getUTCFullYear() - 13, today.getUTCMonth(), today.getUTCDate() + daysLater),
      );
    const typeBirth = async (date: Date) => {
      await page.getByLabel('Year of birth').fill(String(date.getUTCFullYear()));
      await page.getByLabel('Month', { exact: true }).selectOption(String(date.getUTCMonth() + 1));
      await page.getByLabel('Day', { exact: true }).fill(String(date.getUTCDate()));
    };
    const help = page.locator('#birth-year-help');
    await typeBirth(birthDay(1));
    await help.filter({ hasText: 'Members must be 13 or older.' }).waitFor();
    await typeBirth(birthDay(0));
    await help.filter({ hasText: 'Only used to check that you are 13 or older' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
