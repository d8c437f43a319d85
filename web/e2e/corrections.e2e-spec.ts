import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { eventually } from '@upright/platform/testing';
import { acceptCookies, launchBrowser, newPage, open } from './support/browser';
import { sampleTargets } from './support/data';
import { mailsTo } from './support/mail';
import { signInAsAdmin, signUp } from './support/member';

async function solveCaptcha(page: Page): Promise<void> {
  await page.locator('altcha-widget label').first().click();
  await page.waitForFunction(
    () => !(document.querySelector('form button[type="submit"]') as HTMLButtonElement).disabled,
    null,
    { timeout: 30_000 },
  );
}

/** The company page's climate score, as its issue table shows it ("12.5", "no data …"). */
async function climateShown(page: Page, path: string): Promise<string> {
  await open(page, path);
  const row = page
    .getByRole('table', { name: /^Rank on each issue/ })
    .getByRole('row', { name: /^Climate/ });
  const cell = (await row.locator('td').nth(1).textContent()) ?? '';
  return cell.replace(/Correct this$/, '').trim();
}

/** Waits for the desk's status line to say the job ended. */
async function deskFinished(page: Page, done: RegExp): Promise<void> {
  await page.getByTestId('desk-status').getByText(done).waitFor({ timeout: 120_000 });
}

/**
 * Corrections with a public ledger in Chromium: a visitor asks for a correction on a
 * company page and gets the receipt by mail; a member cannot review; an admin accepts the
 * request in /admin/corrections, which stages the new value in the data desk's draft (decision
 * 0077: the public page is unchanged, nobody is mailed); publishing the draft on /admin/data makes
 * it public (the page shows it, the ledger lists it accepted, the requester is mailed once); a
 * rollback then restores the sample data other journeys read.
 */
describe('corrections', () => {
  let browser: Browser;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ browser, close } = await launchBrowser());
  });
  afterAll(async () => close());

  it('visitor requests a correction → admin accepts (staged) → publishes the draft → the page and the ledger show it', async () => {
    const { company } = await sampleTargets();
    const tag = randomUUID().slice(0, 8);
    const requester = `corr-${tag}@example.org`;

    const visitor = await newPage(browser);
    await acceptCookies(visitor.context);
    const { page } = visitor;
    await open(page, `/companies/us/${company.industry}/${company.slug}`);
    await page
      .getByRole('link', {
        name: 'Correct this: request a correction of the Climate score',
      })
      .click();
    await page.getByRole('heading', { name: 'Request a correction' }).waitFor();
    await page.getByLabel('Your name').fill('Grace Tester');
    await page.getByLabel('Email').fill(requester);
    await page.getByLabel('What is wrong').fill(`The climate score looks outdated (${tag}).`);
    await page.getByLabel(/^Evidence/).fill('https://example.org/climate-report');
    await solveCaptcha(page);
    await page.getByRole('button', { name: 'Request the correction' }).click();
    const thanks = page.getByText(/Your request C-\d+/);
    await thanks.waitFor();
    const reference = /C-\d+/.exec((await thanks.textContent()) ?? '')![0];
    expect(visitor.errors).toEqual([]);

    // The receipt is mailed at once.
    let receipt: Array<{ subject: string }> = [];
    for (let tries = 0; tries < 40 && receipt.length === 0; tries += 1) {
      receipt = await mailsTo(requester);
      if (receipt.length === 0) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(receipt[0]?.subject).toBe(
      `We received your correction request ${reference} for ${company.name}`,
    );
    await visitor.context.close();

    // A plain member is told the queue is not theirs (the server refuses it too: 403).
    const adminEmail = `corr-admin-${tag}@example.org`;
    const member = await newPage(browser);
    await acceptCookies(member.context);
    await signUp(member.page, adminEmail);
    await open(member.page, '/admin/corrections');
    await member.page.getByText('Only an administrator can do this.').waitFor();
    await member.context.close();

    // Made an admin as `make admin` does, then signed in afresh.
    const admin = await signInAsAdmin(browser, adminEmail, { signedUp: true });
    const { page: desk } = admin;
    // A draft another journey left would be published with the correction.
    await open(desk, '/admin/data');
    await desk.getByRole('heading', { name: 'Public data' }).waitFor();
    const leftOver = desk.getByRole('button', { name: 'Discard draft' });
    if (await leftOver.isVisible()) {
      await leftOver.click();
      const confirm = desk.getByRole('button', { name: /^Yes, discard version \d+$/ });
      if (await confirm.isVisible()) await confirm.click();
      await leftOver.waitFor({ state: 'detached' });
    }

    await open(desk, '/admin/corrections');
    const review = desk.getByRole('region', { name: new RegExp(`^${reference}:`) });
    await review.waitFor();
    const now = (await review.locator('dt:has-text("Value now") + dd').textContent())!.trim();
    // A new value the page will show: one more than now (the sample has one decimal).
    const corrected = now === 'no data' ? '123.4' : String(Number((Number(now) + 1).toFixed(1)));
    await review.getByLabel(/^New value/).fill(corrected);
    await review.getByLabel('Source of the new value').fill('https://example.org/climate-2031');
    await review.getByLabel(/^Reason/).fill(`Checked against the filing (${tag}).`);
    await review.getByRole('button', { name: 'Accept' }).click();
    // Staged in the draft, not public: the request stays in the queue, saying where it waits.
    const staged = review.getByTestId('correction-staged');
    await staged.waitFor();
    const stagedText = ((await staged.textContent()) ?? '').replace(/\s+/g, ' ').trim();
    expect(stagedText).toMatch(/^Staged in draft \d+: review and publish it on the data desk\.$/);
    const draft = /draft (\d+)/.exec(stagedText)![1];
    expect(await review.getByRole('button', { name: 'Accept' }).count()).toBe(0);

    // The public page shows the value it had, and the requester has heard nothing yet.
    const companyPath = `/companies/us/${company.industry}/${company.slug}`;
    const visitorPage = (await newPage(browser)).page;
    const shownBefore = await climateShown(visitorPage, companyPath);
    expect(shownBefore.startsWith(now === 'no data' ? 'no data' : now)).toBe(true);
    const accepted = `Your correction request ${reference} was accepted`;
    const decisions = async () =>
      (await mailsTo(requester)).filter((mail) => mail.subject === accepted);
    expect(await decisions()).toEqual([]);

    // The admin follows the link to the desk and publishes the draft.
    await staged.getByRole('link', { name: 'data desk' }).click();
    await desk.getByRole('heading', { name: `Draft version ${draft}` }).waitFor();
    expect(await desk.getByTestId('draft-corrections').textContent()).toMatch(
      /^1 accepted correction request: /,
    );
    await desk.getByRole('button', { name: 'Publish', exact: true }).click();
    const question = desk.locator('#desk-publish-question');
    expect(await question.textContent()).toContain(
      '1 accepted correction is published, and its requester mailed.',
    );
    await desk.getByRole('button', { name: `Yes, publish version ${draft}` }).click();
    await deskFinished(desk, /published/i);

    // The page shows the new value, the ledger the accepted request, the requester one mail.
    await eventually(
      'the corrected value on the company page',
      async () => (await climateShown(visitorPage, companyPath)) === corrected,
      30_000,
    );
    await open(desk, `/corrections/us/${company.industry}/${company.slug}`);
    const row = desk.getByRole('row', { name: new RegExp(reference) });
    await row.waitFor();
    const text = (await row.textContent()) ?? '';
    expect(text).toContain('Accepted');
    expect(text).toContain('Climate score');
    expect(text).toContain(`→ ${corrected}`);
    expect(text).toContain(`Checked against the filing (${tag}).`);
    await desk.getByText('resolved within 14 days').waitFor();
    expect(await desk.getByTestId('median-time').textContent()).toMatch(
      /Measured median time to resolve/,
    );
    const mails = await eventually(
      "the requester's decision mail",
      async () => {
        const sent = await decisions();
        return sent.length > 0 && sent;
      },
      30_000,
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('the new value is now published');

    // Rolled back, so other journeys read the sample data as it was; the ledger keeps the entry.
    await open(desk, '/admin/data');
    await desk.getByRole('button', { name: /^Roll back to version \d+$/ }).click();
    await deskFinished(desk, /rolled back/i);
    await eventually(
      'the value before on the company page',
      async () => (await climateShown(visitorPage, companyPath)) === shownBefore,
      30_000,
    );
    await open(desk, `/corrections/us/${company.industry}/${company.slug}`);
    await desk.getByRole('row', { name: new RegExp(reference) }).waitFor();
    expect(await decisions()).toHaveLength(1);
    expect(admin.errors).toEqual([]);
    await visitorPage.context().close();
    await admin.context.close();
  });
});
