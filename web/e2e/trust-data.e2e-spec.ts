import { randomUUID } from 'node:crypto';
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
import { explained, newSearchPage, SEARCH_WAIT_MS } from './support/search';

/**
 * The numbers (decisions 0054 and 0055): only the issues that apply, labels that name the
 * weights really used, figures with their peers, "why this rank" as bars with gaps, reports with
 * figures. At 1366 and 360 px; screenshots go to web/e2e/screenshots/data-*.png.
 */

interface IndustryAnswer {
  result: {
    ranked: Array<
      Record<string, unknown> & {
        upright_cid: string;
        slug: string;
        raw_arank: number;
        companies_scores: Record<string, number | null>;
      }
    >;
    aranked: string[];
  };
  industryResult: { industry_values: string[] };
  weights: Record<string, number>;
}

async function industryAnswer(industry: string): Promise<IndustryAnswer> {
  return (await (
    await fetch(`${baseUrl()}/api/companies/us/${industry}`)
  ).json()) as IndustryAnswer;
}

async function firstCompanyOf(industry: string): Promise<string> {
  const answer = await industryAnswer(industry);
  const first = answer.result.aranked[0];
  return answer.result.ranked.find((company) => company.upright_cid === first)!.slug;
}

/** Points as the page prints them (at most two decimals) back to hundredths. */
const hundredths = (text: string) => Math.round(Number(text.replace('−', '-')) * 100);

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
    'an oil and gas company at %s px shows no Net neutrality, is ranked on the 8 issues that apply, and its why table adds up',
    async (label, viewport) => {
      // The company whose Net neutrality score (it is listed in other industries too) would move
      // it most if the issue still counted: the sums must leave it out (rules §5 rule 5).
      const answer = await industryAnswer('oil-and-gas');
      const applicable = answer.industryResult.industry_values;
      expect(applicable).not.toContain('net_neutrality');
      const scored = answer.result.ranked.filter(
        (company) => company.companies_scores.net_neutrality_score !== null,
      );
      expect(scored.length).toBeGreaterThan(0);
      const sumOver = (company: IndustryAnswer['result']['ranked'][number], keys: string[]) =>
        keys.reduce(
          (sum, key) => sum + (company[`${key}_rank`] as number) * answer.weights[key] * 100,
          0,
        );
      for (const company of answer.result.ranked) {
        expect(Math.round(company.raw_arank * 100)).toBe(Math.round(sumOver(company, applicable)));
      }
      const subject = scored[0];
      const { context, page, errors } = await newPage(browser, viewport);
      await acceptCookies(context);
      await companyPage(page, 'oil-and-gas', subject.slug);
      const article = page.locator('article.company');
      expect(await article.innerText()).not.toContain('Net neutrality');
      expect(await page.locator('.issue-ranks tbody tr').count()).toBe(8);
      const bars = page.getByTestId('why-bars');
      expect(await bars.locator('tbody tr').count()).toBe(8);
      expect(await page.getByTestId('coverage').textContent()).toMatch(/of 8 issues that apply/);
      // The rows' points (4th column) add up to the total row, which is the stated sum.
      const rowPoints = await bars.locator('tbody tr td:nth-of-type(3)').allInnerTexts();
      const total = await page.getByTestId('why-total').locator('td').first().innerText();
      const rowSum = rowPoints.reduce((sum, text) => sum + hundredths(text.trim()), 0);
      expect(rowSum).toBe(hundredths(total.trim()));
      expect(hundredths(total.trim())).toBe(Math.round(subject.raw_arank * 100));
      expect(await page.getByTestId('why-weights').textContent()).toContain(
        `with ${total.trim()} weighted points`,
      );
      await screenshot(page, `data-oil-company-${label}`);
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it.each(REVIEW_VIEWPORTS)(
    'comparing at %s px: no rank without a published figure is starred best, and each says so',
    async (label, viewport) => {
      const answer = await industryAnswer('oil-and-gas');
      const slugs = answer.result.aranked
        .slice(0, 4)
        .map((cid) => answer.result.ranked.find((company) => company.upright_cid === cid)!.slug);
      const { context, page, errors } = await newPage(browser, viewport);
      await acceptCookies(context);
      await open(page, `/compare/us/oil-and-gas?c=${slugs.join(',')}`);
      const ranks = page.locator('.compare-table').first();
      await ranks.locator('tbody tr').first().waitFor();
      const withoutFigure = ranks.locator(
        'td:has([data-evidence="score_without_figure"]), td:has([data-evidence="no_score"])',
      );
      expect(await withoutFigure.count()).toBeGreaterThan(0);
      expect(await withoutFigure.locator('.best-of-these').count()).toBe(0);
      for (const text of await withoutFigure.allInnerTexts()) {
        expect(text).toMatch(/score without a published figure|no published figure/);
      }
      await screenshot(page, `data-compare-evidence-${label}`);
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it('search for "a": every result links to a page that exists, and filters name industries', async () => {
    const { context, page, errors } = await newSearchPage(browser, WIDE);
    await acceptCookies(context);
    await open(page, '/about?search=a');
    const panel = page.getByTestId('search-panel');
    const links = panel.locator('.search-result h3 a');
    await explained(page, links.first().waitFor({ timeout: SEARCH_WAIT_MS }));
    const hrefs = await links.evaluateAll((anchors) =>
      anchors.map((anchor) => anchor.getAttribute('href')!),
    );
    expect(hrefs.length).toBeGreaterThan(0);
    for (const href of hrefs) {
      const response = await fetch(`${baseUrl()}${href}`);
      expect([href, response.status]).toEqual([href, 200]);
    }
    // The industry filter shows names, never a slug.
    const industry = panel.locator('details.search-filter', { hasText: 'Industry' });
    const names = await industry.locator('.search-filter-item > span:first-child').allInnerTexts();
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(name).not.toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    expect(errors).toEqual([]);
    await context.close();
  });

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
