import { randomUUID } from 'node:crypto';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { IndustryCompaniesResponse } from '@upright/contracts';
import { eventually } from '@upright/platform/testing';
import { acceptCookies, baseUrl, launchBrowser, newPage, open } from './support/browser';
import { mailsTo } from './support/mail';
import { signInAsAdmin, signUp, verifyEmail } from './support/member';
import { privateStackBasePort, startExtraBff } from './support/stack';

const repoRoot = path.resolve(__dirname, '..', '..');
const SAMPLE = path.join(repoRoot, 'services', 'rankings', 'data', 'sample.json');

type Row = Record<string, unknown> & {
  upright_cid: string;
  period_year: number;
  period_qrt: number;
};
type DataSetFile = {
  companies: Array<{ upright_cid: string; company_name: string; industries: string[] }>;
  details: Record<string, Row[]>;
  scores: Row[];
} & Record<string, unknown>;

async function companiesOf(site: string, industry: string): Promise<IndustryCompaniesResponse> {
  const response = await fetch(`${site}/api/companies/us/${industry}`);
  expect(response.status).toBe(200);
  return (await response.json()) as IndustryCompaniesResponse;
}

/** The page as the server sends it, for a byte-for-byte comparison. */
async function pageBytes(site: string, pathname: string): Promise<string> {
  const response = await fetch(`${site}${pathname}`);
  expect(response.status).toBe(200);
  return response.text();
}

/**
 * The sample data set with one more quarter for `industry`: every company ranked in it gets the
 * next period's scores and figures, its latest ones again, except `first` and `second`, which
 * swap theirs, so they swap places and their followers are alerted (decision 0037). Figures too:
 * a score without its published figure is not ranked (rules §16).
 */
async function nextQuarterFile(
  industry: string,
  [first, second]: readonly [string, string],
  period: { period_year: number; period_qrt: number },
): Promise<DataSetFile> {
  const file = JSON.parse(await readFile(SAMPLE, 'utf8')) as DataSetFile;
  const members = new Set(
    file.companies
      .filter((company) => company.industries.includes(industry))
      .map((company) => company.upright_cid),
  );
  const atPeriod = (rows: Row[], cid: string) =>
    rows.find(
      (row) =>
        row.upright_cid === cid &&
        row.period_year === period.period_year &&
        row.period_qrt === period.period_qrt,
    );
  const next =
    period.period_qrt === 4
      ? { period_year: period.period_year + 1, period_qrt: 1 }
      : { period_year: period.period_year, period_qrt: period.period_qrt + 1 };
  const sourceOf = (cid: string) => (cid === first ? second : cid === second ? first : cid);
  for (const cid of members) {
    for (const rows of [file.scores, ...Object.values(file.details)]) {
      const row = atPeriod(rows, sourceOf(cid));
      if (row !== undefined) rows.push({ ...row, upright_cid: cid, ...next });
    }
  }
  return file;
}

async function chooseFile(page: Page, file: unknown, name: string): Promise<string> {
  const where = path.join(tmpdir(), `${name}-${randomUUID().slice(0, 8)}.json`);
  await writeFile(where, JSON.stringify(file));
  await page.setInputFiles('#desk-file', where);
  return where;
}

/** Waits for the desk's status line to say the job ended, and returns it. */
async function finished(page: Page, done: RegExp): Promise<void> {
  await page.getByTestId('desk-status').getByText(done).waitFor({ timeout: 120_000 });
}

/**
 * The editors' desk in Chromium (decision 0077): an admin uploads a changed data set, previews
 * it, publishes it (every BFF replica shows it), rolls it back (the page is the earlier one, byte
 * for byte); the log shows the three steps; a follower is alerted once. A file with errors lists
 * them all and stages nothing. Nobody but an admin finds the desk.
 */
describe("the editors' desk", () => {
  let browser: Browser;
  let close: () => Promise<void>;
  let second: { baseUrl: string; stop(): Promise<void> };
  const files: string[] = [];

  beforeAll(async () => {
    ({ browser, close } = await launchBrowser());
    second = await startExtraBff(privateStackBasePort() + 9, {});
  }, 120_000);
  afterAll(async () => {
    await close?.();
    await second?.stop();
    for (const file of files) await rm(file, { force: true });
  });

  it('upload → preview → publish on every replica → roll back byte for byte; one alert', async () => {
    const tag = randomUUID().slice(0, 8);
    const sites = [baseUrl(), second.baseUrl];
    const active = (await (await fetch(`${baseUrl()}/api/active`)).json()) as Array<{
      industry: string;
    }>;
    const industry = active[0].industry;
    const before = await companiesOf(baseUrl(), industry);
    const ranked = before.result.ranked;
    // The first two swap their figures in the new quarter: the second moves up.
    const [leader, mover] = ranked;
    const pagePath = `/companies/us/${industry}`;
    const pagesBefore = await Promise.all(sites.map((site) => pageBytes(site, pagePath)));
    const apiBefore = await Promise.all(
      sites.map((site) => fetch(`${site}/api/companies/us/${industry}`).then((r) => r.text())),
    );

    // A verified member follows the company that will move.
    const followerEmail = `desk-follower-${tag}@example.org`;
    const follower = await newPage(browser);
    await acceptCookies(follower.context);
    await signUp(follower.page, followerEmail);
    await verifyEmail(followerEmail);
    await open(follower.page, `${pagePath}/${mover.slug}`);
    await follower.page.getByTestId('follow-button').click();
    await follower.page.getByRole('button', { name: /^Following / }).waitFor();
    await follower.context.close();

    const admin = await signInAsAdmin(browser, `desk-admin-${tag}@example.org`);
    const { page } = admin;
    await open(page, '/admin/data');
    await page.getByRole('heading', { name: 'Data desk' }).waitFor();
    const file = await nextQuarterFile(
      industry,
      [leader.upright_cid, mover.upright_cid],
      before.period!,
    );
    files.push(await chooseFile(page, file, 'desk-next-quarter'));
    await page.getByRole('button', { name: 'Upload and check' }).click();
    const draftHeading = page.getByRole('heading', { name: /^Draft version \d+$/ });
    await draftHeading.waitFor({ timeout: 120_000 });

    // The preview names the moved company and the figures that moved it.
    const industryText = before.industryResult.industry_text;
    await page.getByRole('link', { name: industryText, exact: true }).click();
    await page
      .getByRole('heading', { name: `Draft preview: ${industryText}`, exact: true })
      .waitFor();
    const moves = page.getByTestId('preview-moves');
    await moves.waitFor();
    // The mover's row: its rank before → after, and the scores that moved it (before → after).
    const moverRow = moves.getByRole('row', { name: new RegExp(mover.company_name) });
    expect(await moves.textContent()).toContain(mover.company_name);
    expect(await moverRow.textContent()).toMatch(/→.*→/s);
    // The follower of the mover is among the members a publish alerts.
    expect(await page.getByTestId('preview-alerted').textContent()).toMatch(
      /^Publishing alerts [1-9][\d,]* members?$/,
    );

    // Nothing public changed while the draft exists, on either replica.
    for (const [index, site] of sites.entries()) {
      expect(await pageBytes(site, pagePath)).toBe(pagesBefore[index]);
    }

    await open(page, '/admin/data');
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByRole('button', { name: /^Yes, publish version \d+$/ }).click();
    await finished(page, /published/i);

    // Every replica shows the new quarter, with the mover up.
    for (const site of sites) {
      const after = await companiesOf(site, industry);
      expect(after.period).not.toEqual(before.period);
      const place = after.result.ranked.findIndex((row) => row.upright_cid === mover.upright_cid);
      expect(place).toBe(0);
    }
    const published = await Promise.all(sites.map((site) => pageBytes(site, pagePath)));
    expect(published[0]).not.toBe(pagesBefore[0]);

    // One alert for the publish.
    const alertSubject = new RegExp(`^${mover.company_name} moved in the`);
    const alerts = async () =>
      (await mailsTo(followerEmail)).filter((mail) => alertSubject.test(mail.subject)).length;
    await eventually("the follower's alert", async () => (await alerts()) > 0, 60_000);
    expect(await alerts()).toBe(1);

    await open(page, '/admin/data');
    await page.getByRole('button', { name: /^Roll back to version \d+$/ }).click();
    await finished(page, /rolled back/i);

    // Byte for byte the pages and answers before the publish, on every replica.
    for (const [index, site] of sites.entries()) {
      expect(await pageBytes(site, pagePath)).toBe(pagesBefore[index]);
      expect(await fetch(`${site}/api/companies/us/${industry}`).then((r) => r.text())).toBe(
        apiBefore[index],
      );
    }

    // The log holds the three steps, newest first.
    await open(page, '/admin/data/log');
    const rows = page.getByRole('row');
    await rows.nth(3).waitFor();
    const actions = await rows.evaluateAll((all) =>
      all.slice(1, 4).map((row) => row.textContent ?? ''),
    );
    expect(actions[0]).toMatch(/rolled back/i);
    expect(actions[1]).toMatch(/published/i);
    expect(actions[2]).toMatch(/staged/i);

    // No second alert for the rollback: the mail queue is drained by the time a fresh mail lands.
    const witnessEmail = `desk-witness-${tag}@example.org`;
    const witness = await newPage(browser);
    await acceptCookies(witness.context);
    await signUp(witness.page, witnessEmail);
    await eventually(
      "the witness's mail",
      async () => (await mailsTo(witnessEmail)).length > 0,
      60_000,
    );
    await witness.context.close();
    expect(await alerts()).toBe(1);
    expect(admin.errors).toEqual([]);
    await admin.context.close();
  }, 300_000);

  it('a file with errors lists every one by row and field and stages nothing', async () => {
    const tag = randomUUID().slice(0, 8);
    const admin = await signInAsAdmin(browser, `desk-errors-${tag}@example.org`);
    const { page } = admin;
    await open(page, '/admin/data');
    await page.getByRole('heading', { name: 'Public data' }).waitFor();
    // A draft another journey left would refuse the upload before its problems are read.
    const leftOver = page.getByRole('button', { name: 'Discard draft' });
    if (await leftOver.isVisible()) {
      await leftOver.click();
      await leftOver.waitFor({ state: 'detached' });
    }
    const stateBefore = await page.request.get('/api/admin/data').then((r) => r.json());
    const file = JSON.parse(await readFile(SAMPLE, 'utf8')) as DataSetFile;
    file.scores[3] = { ...file.scores[3], climate_score: 'high' };
    file.scores[7] = { ...file.scores[7], upright_cid: 'UC999999' };
    file.companies[2] = { ...file.companies[2], company_name: '' };
    await open(page, '/admin/data');
    files.push(await chooseFile(page, file, 'desk-errors'));
    await page.getByRole('button', { name: 'Upload and check' }).click();
    const problems = page.getByTestId('desk-problems');
    await problems.waitFor({ timeout: 120_000 });
    const text = (await problems.textContent()) ?? '';
    expect(text).toContain('scores[3].climate_score');
    expect(text).toContain('scores[7].upright_cid');
    expect(text).toContain('companies[2].company_name');
    await page
      .getByText(/nothing was staged/i)
      .first()
      .waitFor();
    const stateAfter = await page.request.get('/api/admin/data').then((r) => r.json());
    expect(stateAfter).toEqual(stateBefore);
    await admin.context.close();
  }, 180_000);

  it('shows visitors and members the not-found page, and the API refuses them', async () => {
    const routes = ['/admin/data', '/admin/data/log', '/admin/data/preview/anything'];
    const apis: Array<[string, string]> = [
      ['GET', '/api/admin/data'],
      ['POST', '/api/admin/data/uploads'],
      ['GET', '/api/admin/data/log'],
      ['GET', `/api/admin/data/jobs/${randomUUID()}`],
      ['GET', '/api/admin/data/draft/preview/anything'],
      ['POST', '/api/admin/data/publish'],
      ['POST', '/api/admin/data/rollback'],
      ['DELETE', '/api/admin/data/draft'],
      ['PUT', `/api/admin/data/uploads/${randomUUID()}/chunks/0`],
      ['POST', `/api/admin/data/uploads/${randomUUID()}/stage`],
    ];
    const visitor = await newPage(browser);
    await acceptCookies(visitor.context);
    const member = await newPage(browser);
    await acceptCookies(member.context);
    await signUp(member.page, `desk-member-${randomUUID().slice(0, 8)}@example.org`);
    for (const [who, expected] of [
      [visitor, 401],
      [member, 403],
    ] as const) {
      for (const route of routes) {
        await open(who.page, route);
        await who.page.getByRole('heading', { name: 'Page not found' }).waitFor();
      }
      for (const [method, url] of apis) {
        const csrf = (await who.page.request.get('/api/csrf')).headers()['x-csrf-token'] ?? '';
        const response = await who.page.request.fetch(url, {
          method,
          headers: { 'x-csrf-token': csrf, 'content-type': 'application/json' },
          data: method === 'GET' ? undefined : '{}',
        });
        expect(`${method} ${url} ${response.status()}`).toBe(`${method} ${url} ${expected}`);
      }
    }
    await visitor.context.close();
    await member.context.close();
  }, 120_000);
});
