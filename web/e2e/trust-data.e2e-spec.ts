import { randomUUID } from 'node:crypto';
import type { WhyThisRankResponse } from '@upright/contracts';
import type { Browser, Page } from 'playwright-core';
import {
  acceptCookies,
  baseUrl,
  launchBrowser,
  newPage,
  REVIEW_VIEWPORTS,
  WIDE,
  open,
  screenshot,
} from './support/browser';
import { signUp } from './support/member';

/**
 * Issue 24, the numbers (decisions 0054 and 0055): only the issues that apply, labels that name the
 * weights really used, figures with their peers, "why this rank" as bars with gaps, reports with
 * figures. At 1366 and 360 px; screenshots go to web/e2e/screenshots/data-*.png.
 */

interface IndustryAnswer {
  result: { ranked: Array<{ upright_cid: string; slug: string }>; aranked: string[] };
}

async function firstCompanyOf(industry: string): Promise<string> {
  const response = await fetch(`${baseUrl()}/api/companies/us/${industry}`);
  const answer = (await response.json()) as IndustryAnswer;
  const first = answer.result.aranked[0];
  return answer.result.ranked.find((company) => company.upright_cid === first)!.slug;
}

async function companyPage(page: Page, industry: string, slug: string): Promise<void> {
  await open(page, `/companies/us/${industry}/${slug}`);
  await page.getByTestId('answer-first').waitFor();
  await page.getByTestId('why-bars').waitFor();
}

describe('trust at first sight: the numbers', () => {
  let browser: Browser;
  let close: () => Promise<void>;
  let oil: string;
  beforeAll(async () => {
    ({ browser, close } = await launchBrowser());
    oil = await firstCompanyOf('oil-and-gas');
  });
  afterAll(async () => close());

  it.each(REVIEW_VIEWPORTS)(
    'an oil and gas company at %s px shows no Net neutrality, and coverage of the 8 issues that apply',
    async (label, viewport) => {
      const { context, page, errors } = await newPage(browser, viewport);
      await acceptCookies(context);
      await companyPage(page, 'oil-and-gas', oil);
      const article = page.locator('article.company');
      expect(await article.innerText()).not.toContain('Net neutrality');
      expect(await page.locator('.issue-ranks tbody tr').count()).toBe(8);
      expect(await page.getByTestId('why-bars').locator('tbody tr').count()).toBe(8);
      expect(await page.getByTestId('coverage').textContent()).toMatch(/of 8 issues that apply/);
      // What the issue that does not apply adds is said in words that match the arithmetic: the
      // sample scores Net neutrality for two oil companies listed in other industries too.
      const why = (await (
        await fetch(`${baseUrl()}/api/why/us/oil-and-gas/${oil}`)
      ).json()) as WhyThisRankResponse;
      expect(await page.getByTestId('why-not-applicable').textContent()).toContain(
        why.explanation.not_applicable_moves_order
          ? 'as the ranking rules require'
          : 'change no rank',
      );
      await screenshot(page, `data-oil-company-${label}`);
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it.each(REVIEW_VIEWPORTS)(
    'below the members’ minimum at %s px every label says "equal weights"',
    async (label, viewport) => {
      const { context, page, errors } = await newPage(browser, viewport);
      await acceptCookies(context);
      await companyPage(page, 'oil-and-gas', oil);
      expect(await page.getByTestId('weights-label').textContent()).toContain('equal weights');
      expect(await page.getByTestId('why-weights').textContent()).toContain('equal weights');
      // The rank badge, the best and worst issues and better choices come before the details.
      const badge = (await page.getByTestId('answer-first').boundingBox())!;
      const facts = (await page.locator('dl.facts').boundingBox())!;
      expect(badge.y).toBeLessThan(facts.y);
      await page.getByTestId('best-worst').waitFor();
      await open(page, '/companies/us/oil-and-gas');
      expect(await page.getByTestId('weighting-note').textContent()).toContain('equal weights');
      await open(page, '/methodology');
      const example = page.getByTestId('example-weights');
      await example.waitFor();
      expect(await example.textContent()).toContain('equal weights');
      await screenshot(page, `data-methodology-equal-${label}`);
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it.each(REVIEW_VIEWPORTS)(
    'figures at %s px stand beside the industry median and best',
    async (label, viewport) => {
      const { context, page, errors } = await newPage(browser, viewport);
      await acceptCookies(context);
      await companyPage(page, 'oil-and-gas', oil);
      const cards = page.locator('.detail-block [data-testid="figure-card"]');
      await cards.first().waitFor();
      const withPeers = cards.filter({ hasText: /Industry median \(\d+\)/ });
      expect(await withPeers.count()).toBeGreaterThan(0);
      expect(await cards.filter({ hasText: 'Industry best' }).count()).toBeGreaterThan(0);
      await page.locator('.detail-block').first().scrollIntoViewIfNeeded();
      await screenshot(page, `data-figures-${label}`);
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it.each(REVIEW_VIEWPORTS)(
    'the company page at %s px: the move beside the rank, and the rank chart with the industry median',
    async (label, viewport) => {
      const { context, page, errors } = await newPage(browser, viewport);
      await acceptCookies(context);
      await companyPage(page, 'oil-and-gas', oil);
      // The move since the previous period, by the rank (the sample has several quarters).
      const answer = (await (await fetch(`${baseUrl()}/api/companies/us/oil-and-gas`)).json()) as {
        previous_period: { period_year: number; period_qrt: number } | null;
      };
      expect(answer.previous_period).not.toBeNull();
      const { period_qrt, period_year } = answer.previous_period!;
      const move = page.getByTestId('answer-first').locator('.move-marker');
      expect(await move.count()).toBe(1);
      expect(await move.textContent()).toContain(`since Q${period_qrt} ${period_year}`);
      // Equal weights have no date of effect: only the members' averages carry one.
      expect(await page.getByTestId('weights-in-effect').count()).toBe(0);

      const chart = page.locator('.history-chart');
      await chart.waitFor();
      expect(await chart.locator('path.chart-median').getAttribute('d')).toMatch(/^M[\d.]+,[\d.]+/);
      const legend = page.getByTestId('chart-legend');
      expect(await legend.innerText()).toContain('Industry median');
      expect(await legend.isVisible()).toBe(true);
      // The text alternative and the table say it too.
      expect(await chart.locator('svg desc').textContent()).toContain('Industry median rank:');
      expect(await chart.locator('.chart-table thead').textContent()).toContain('Industry median');
      await chart.scrollIntoViewIfNeeded();
      await screenshot(page, `data-rank-chart-${label}`);
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it('a member is ranked, and told so, by their own priorities; why this rank explains that ranking', async () => {
    const { context, page, errors } = await newPage(browser, WIDE);
    await acceptCookies(context);
    await signUp(page, `data-${randomUUID().slice(0, 8)}@example.org`);
    await page.getByRole('heading', { name: 'Your priorities' }).waitFor();
    await page.getByLabel('Climate', { exact: true }).fill('10');
    await page.getByText('You have unsaved changes.').waitFor();
    await page.getByRole('button', { name: 'SAVE' }).click();
    await page.getByTestId('success-overlay').getByText('updated').waitFor();
    await page.getByTestId('success-overlay').waitFor({ state: 'detached' });
    await open(page, `/companies/us/oil-and-gas/${oil}`);
    await page.getByTestId('weights-label').filter({ hasText: 'your priorities' }).waitFor();
    await page.getByTestId('why-weights').filter({ hasText: 'your priorities' }).waitFor();
    // The member's climate weight of 10 is the weight the bars show.
    const climate = page.getByTestId('why-bars').locator('tr[data-issue="climate"] td').first();
    expect(await climate.textContent()).toBe('10');
    await screenshot(page, 'data-member-why-1366');
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each(REVIEW_VIEWPORTS)(
    'a report at %s px shows its ranking’s changes and a structured correction per company',
    async (label, viewport) => {
      const { context, page, errors } = await newPage(browser, viewport);
      await acceptCookies(context);
      await open(page, '/reports');
      await page.locator('#all-heading ~ ul a').first().click();
      const figures = page.locator('#report-figures');
      await figures.waitFor();
      const link = figures.locator('.correction-link').first();
      expect(await link.getAttribute('href')).toMatch(/^\/corrections\/request\?industry=/);
      await figures.scrollIntoViewIfNeeded();
      await screenshot(page, `data-report-${label}`);
      expect(errors).toEqual([]);
      await context.close();
    },
  );
});
