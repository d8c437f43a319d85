import type { Browser } from 'playwright-core';
import { acceptCookies, launchBrowser, MOBILE, newPage, open } from './support/browser';

describe('visitor', () => {
  let browser: Browser;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ browser, close } = await launchBrowser());
  });
  afterAll(async () => close());

  it('home → report → company → industry, with the averages weighting note', async () => {
    const { context, page, errors } = await newPage(browser);
    await acceptCookies(context);
    await open(page, '/');
    await page
      .getByText('Tailor company rankings by what you care most about with a free account.')
      .first()
      .waitFor();
    await page
      .getByText('Compare competing companies on climate, inequity, corruption, and more...')
      .first()
      .waitFor();
    const reportLink = page.locator('#featured-heading ~ ul a').first();
    const reportTitle = (await reportLink.textContent())!.trim();
    await reportLink.click();
    await page.getByRole('heading', { level: 1, name: reportTitle }).waitFor();
    expect(page.url()).toMatch(/\/reports\/\d+\/\d{4}-\d{2}-\d{2}\//);
    const companyLink = page.locator('.ranking-table tbody th a').first();
    const companyName = (await companyLink.textContent())!.trim();
    await companyLink.click();
    await page.getByRole('heading', { level: 1, name: companyName }).waitFor();
    await page.getByRole('heading', { name: 'The figures behind the ranks' }).waitFor();
    expect(await page.locator('.detail-block .source a').count()).toBeGreaterThan(0);
    await page.locator('.rank-summary a').first().click();
    await page.waitForURL(/\/companies\/us\/[a-z0-9-]+$/);
    const note = await page.getByTestId('weighting-note').textContent();
    // The e2e stack has fewer weighted members than the minimum: every issue weighs 5 (rules §16).
    expect(note).toContain('equal weights');
    expect(await page.locator('.ranking-table tbody tr').count()).toBeGreaterThan(1);
    await page.getByTestId('sample-data-note').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('prefetches the chunk and data of links within 200 px of the viewport', async () => {
    const { context, page } = await newPage(browser);
    await acceptCookies(context);
    const chunk = page.waitForRequest(/\/assets\/PublishedReportPage-[^/]+\.js$/);
    const data = page.waitForRequest(/\/api\/published\//);
    await open(page, '/');
    await Promise.all([chunk, data]);
    expect(new URL(page.url()).pathname).toBe('/');
    await context.close();
  });

  it('a correction request from a report opens the structured request, the report named', async () => {
    const { context, page } = await newPage(browser);
    await acceptCookies(context);
    await open(page, '/reports');
    const link = page.locator('#all-heading ~ ul a').first();
    const title = (await link.textContent())!.trim();
    await link.click();
    await page.getByRole('link', { name: 'Request a correction', exact: true }).click();
    await page.locator('#report-figures .correction-link').first().click();
    await page.getByRole('heading', { name: 'Request a correction' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/corrections/request');
    expect(await page.getByLabel('What is wrong').inputValue()).toContain(title);
    await context.close();
  });

  it('shows the cookie notice once; accepting sets privacyAccepted for 365 days', async () => {
    const { context, page } = await newPage(browser);
    await open(page, '/');
    const button = page.getByRole('button', { name: "I understand and I'm OK with this" });
    await button.waitFor();
    await button.click();
    await button.waitFor({ state: 'detached' });
    const cookie = (await context.cookies()).find((entry) => entry.name === 'privacyAccepted');
    expect(cookie?.value).toBe('true');
    const days = (cookie!.expires * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThanOrEqual(365);
    await open(page, '/faq');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(
      await page.getByRole('button', { name: "I understand and I'm OK with this" }).count(),
    ).toBe(0);
    await context.close();
  });

  it('the noCookies cookie also hides the notice', async () => {
    const { context, page } = await newPage(browser);
    await context.addCookies([
      { name: 'noCookies', value: 'true', url: process.env.E2E_BASE_URL! },
    ]);
    await open(page, '/about');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByRole('region', { name: 'Cookie notice' }).count()).toBe(0);
    await context.close();
  });

  it('mobile menu: opens at 360 px, traps focus, closes on Escape and returns focus', async () => {
    const { context, page } = await newPage(browser, MOBILE);
    await acceptCookies(context);
    await open(page, '/about');
    const opener = page.getByRole('button', { name: 'Open menu' });
    await opener.click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.waitFor();
    expect(await menu.evaluate((element) => element.getBoundingClientRect().width)).toBe(300);
    await page.waitForFunction(() => document.activeElement?.closest('#mobile-menu') !== null);
    for (let step = 0; step < 12; step += 1) await page.keyboard.press('Tab');
    expect(
      await page.evaluate(() => document.activeElement?.closest('#mobile-menu') !== null),
    ).toBe(true);
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-controls'))).toBe(
      'mobile-menu',
    );
    await opener.click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'FAQ' }).click();
    await page.waitForURL(/\/faq$/);
    await context.close();
  });

  it('dark theme: switches, applies dark colours and survives a reload', async () => {
    const { context, page } = await newPage(browser);
    await acceptCookies(context);
    await open(page, '/about');
    await page.getByRole('button', { name: 'Dark theme' }).click();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(
      'rgb(18, 20, 23)',
    );
    await page.reload();
    await page.getByRole('button', { name: 'Light theme' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await context.close();
  });

  it('an unknown path shows the not-found page; the logo leads home', async () => {
    const { context, page } = await newPage(browser);
    await acceptCookies(context);
    await open(page, '/no/such/page');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await page.getByRole('link', { name: 'Upright home' }).click();
    await page.waitForURL(/\/$/);
    expect(await page.getByRole('link', { name: 'Upright home' }).count()).toBe(0);
    await context.close();
  });
});
