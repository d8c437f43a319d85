import type { Browser } from 'playwright-core';
import { acceptCookies, launchBrowser, newPage, open } from './support/browser';
import { sampleTargets } from './support/data';

describe('search bar', () => {
  let browser: Browser;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ browser, close } = await launchBrowser());
  });
  afterAll(async () => close());

  it('loads ReactiveSearch only when used; a suggestion opens the company page', async () => {
    const { company } = await sampleTargets();
    const { context, page } = await newPage(browser);
    await acceptCookies(context);
    const scripts: string[] = [];
    page.on(
      'request',
      (request) => request.resourceType() === 'script' && scripts.push(request.url()),
    );
    await open(page, '/');
    await page.getByRole('heading', { name: 'Featured reports' }).waitFor();
    expect(scripts.some((url) => url.includes('ReactiveSearchBox'))).toBe(false);
    const input = page.getByPlaceholder('Beta search [mostly large US corporations]');
    await input.click();
    await page.locator('.search-box').waitFor();
    await input.pressSequentially(company.name.slice(0, 6), { delay: 40 });
    const suggestion = page
      .locator('.search-suggestions li')
      .filter({ hasText: company.name })
      .first();
    await suggestion.waitFor({ timeout: 15_000 });
    await suggestion.click();
    await page.waitForURL(new RegExp(`/companies/us/[a-z0-9-]+/${company.slug}$`));
    await page.getByRole('heading', { level: 1, name: company.name }).waitFor();
    await context.close();
  });

  it('Enter opens the results panel, page 2 works, close closes it', async () => {
    const { context, page } = await newPage(browser);
    await acceptCookies(context);
    await open(page, '/about');
    await page.getByLabel('Industries/Sectors').check();
    expect(await page.getByPlaceholder('Search beta [US industries & sectors only]').count()).toBe(
      1,
    );
    await page.getByLabel('Companies').check();
    // ReactiveSearch's chunk arrives late, as on a slow connection: what is typed before it is
    // in stays in the field, which keeps the focus.
    await page.route('**/assets/ReactiveSearchBox-*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
    const input = page.getByPlaceholder('Beta search [mostly large US corporations]');
    await input.click();
    // The keyboard, not the field: keys go wherever the focus is, as a person's do.
    await page.keyboard.type('a', { delay: 40 });
    expect(await page.locator('.search-box').count()).toBe(0);
    await page.locator('.search-box').waitFor();
    expect(await input.inputValue()).toBe('a');
    await page.keyboard.press('Enter');
    const panel = page.getByTestId('search-panel');
    await panel.waitFor({ timeout: 15_000 });
    const stats = panel.getByText(/^Found \d+ results in \d+ milliseconds$/);
    await stats.waitFor({ timeout: 15_000 });
    const total = Number(/Found (\d+)/.exec((await stats.textContent())!)![1]);
    expect(total).toBeGreaterThan(20);
    expect(await panel.locator('.search-result').count()).toBe(20);
    const firstOnPage1 = await panel.locator('.search-result h3').first().textContent();
    await panel.locator('.search-pagination').getByText('2', { exact: true }).click();
    await page.waitForFunction(
      (first) => document.querySelector('.search-result h3')?.textContent !== first,
      firstOnPage1,
    );
    await panel.getByText('Latest Update:').first().waitFor();
    await panel.getByRole('button', { name: 'close' }).click();
    await panel.waitFor({ state: 'detached' });
    await context.close();
  });
});
