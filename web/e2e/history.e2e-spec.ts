import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { acceptCookies, launchBrowser, newPage, open } from './support/browser';
import { sampleTargets } from './support/data';
import { signUp } from './support/member';

/** The industry table's company names, top to bottom. */
function rowNames(page: Page): Promise<string[]> {
  return page.getByTestId('ranking-table').locator('tbody th').allTextContents();
}

/** History chart, comparison, sortable tables and the priorities preview. */
describe('change over time and side by side', () => {
  let browser: Browser;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ browser, close } = await launchBrowser());
  });
  afterAll(async () => close());

  it("opens a company's history chart, switches issue and reads its table alternative", async () => {
    const { company } = await sampleTargets();
    const { context, page, errors } = await newPage(browser);
    await acceptCookies(context);
    await open(page, `/companies/us/${company.industry}/${company.slug}`);
    await page.getByRole('heading', { name: 'Rank over time' }).waitFor();
    const points = page.locator('.history-chart .chart-point');
    await points.first().waitFor();
    expect(await points.first().getAttribute('aria-label')).toMatch(
      /^Q\d \d{4}: .*rank \d+ of \d+/,
    );
    await page.getByLabel('Show').selectOption({ label: 'Climate' });
    await page.getByRole('group', { name: /Climate rank by quarter/ }).waitFor();
    // Keyboard: the points can be reached with Tab.
    await points.first().focus();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('img');
    await page.getByText('Show the chart as a table').click();
    const rows = page.locator('.chart-table tbody tr');
    expect(await rows.count()).toBe(await points.count());
    expect(errors).toEqual([]);
    await context.close();
  });

  it('compares three companies, shares the URL and reopens it', async () => {
    const { industry } = await sampleTargets();
    const { context, page, errors } = await newPage(browser);
    await acceptCookies(context);
    await open(page, `/companies/us/${industry}`);
    const picks = page.getByTestId('ranking-table').locator('tbody input[type="checkbox"]');
    await picks.first().waitFor();
    for (const index of [0, 1, 2]) await picks.nth(index).check();
    await page.getByRole('link', { name: 'Compare them side by side' }).click();
    await page.waitForURL(/\/compare\/us\/[a-z0-9-]+\?c=[^,]+,[^,]+,[^,]+$/);
    const headers = page.locator('.compare-table').first().locator('thead th a');
    await headers.nth(2).waitFor();
    const names = await headers.allTextContents();
    expect(names).toHaveLength(3);
    const shared = page.url();
    const other = await newPage(browser);
    await acceptCookies(other.context);
    await open(other.page, shared);
    const reopened = other.page.locator('.compare-table').first().locator('thead th a');
    await reopened.nth(2).waitFor();
    expect(await reopened.allTextContents()).toEqual(names);
    expect([...errors, ...other.errors]).toEqual([]);
    await other.context.close();
    await context.close();
  });

  it('sorts an industry by an issue and by move, with the choice in the URL', async () => {
    const { industry } = await sampleTargets();
    const { context, page } = await newPage(browser);
    await acceptCookies(context);
    await open(page, `/companies/us/${industry}`);
    const table = page.getByTestId('ranking-table');
    await table.locator('tbody tr').first().waitFor();
    // Rank, Move, Company, then the industry's first issue column.
    const issue = table.locator('thead th').nth(3);
    await issue.getByRole('button').click();
    await page.waitForURL(/sort=[a-z_]+/);
    expect(await issue.getAttribute('aria-sort')).toBe('ascending');
    const ranks = await table
      .locator('tbody tr td:nth-child(4)')
      .evaluateAll((cells) => cells.map((cell) => Number(/\d+/.exec(cell.textContent ?? '')![0])));
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    const move = table.locator('thead th', { hasText: 'Move' });
    await move.getByRole('button').click();
    await page.waitForURL(/sort=move/);
    expect(await move.getAttribute('aria-sort')).toBe('descending');
    // Reopening the URL keeps the order.
    const order = await rowNames(page);
    await page.reload();
    await table.locator('tbody tr').first().waitFor();
    expect(await rowNames(page)).toEqual(order);
    await context.close();
  });

  it('re-ranks the priorities preview within one frame of a slider move', async () => {
    const { industry } = await sampleTargets();
    const { context, page, errors } = await newPage(browser);
    await acceptCookies(context);
    await signUp(page, `e2e-${randomUUID().slice(0, 8)}@example.org`);
    await page.getByLabel('Industry', { exact: true }).selectOption(industry);
    const preview = page.getByTestId('priority-preview');
    await preview.locator('tbody tr').first().waitFor();
    const before = await preview.locator('tbody th').allTextContents();
    const after = await page.evaluate(async () => {
      const slider = document.getElementById('priority-climate') as HTMLInputElement;
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      for (const id of [
        'priority-income_inequality',
        'priority-lobbying',
        'priority-tax',
        'priority-consumer_terms_conditions',
        'priority-wealth_concentration',
        'priority-diverse_representation',
        'priority-diverse_pay',
        'priority-net_neutrality',
      ]) {
        const other = document.getElementById(id) as HTMLInputElement;
        setValue.call(other, '0');
        other.dispatchEvent(new Event('input', { bubbles: true }));
      }
      setValue.call(slider, '10');
      slider.dispatchEvent(new Event('input', { bubbles: true }));
      await new Promise((resolve) => requestAnimationFrame(resolve));
      return Array.from(document.querySelectorAll('[data-testid="priority-preview"] tbody th')).map(
        (cell) => cell.textContent,
      );
    });
    expect([...after].sort()).toEqual([...before].sort());
    expect(after).not.toEqual(before);
    expect(errors).toEqual([]);
    await context.close();
  });
});
