import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
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

/**
 * Corrections with a public ledger in Chromium: a visitor asks for a correction on a
 * company page and gets the receipt by mail; a member cannot review; an admin accepts the
 * request in /admin/corrections; the company's ledger shows it.
 */
describe('corrections', () => {
  let browser: Browser;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ browser, close } = await launchBrowser());
  });
  afterAll(async () => close());

  it('visitor requests a correction → admin accepts → the ledger shows it', async () => {
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
    await open(admin.page, '/admin/corrections');
    const review = admin.page.getByRole('region', { name: new RegExp(`^${reference}:`) });
    await review.waitFor();
    // The same value again: the journey must not change the sample data other journeys read.
    const now = (await review.locator('dt:has-text("Value now") + dd').textContent())!.trim();
    await review.getByLabel(/^New value/).fill(now === 'no data' ? '' : now);
    await review.getByLabel('Source of the new value').fill('https://example.org/climate-2031');
    await review.getByLabel(/^Reason/).fill(`Checked against the filing (${tag}).`);
    await review.getByRole('button', { name: 'Accept' }).click();
    await review.waitFor({ state: 'detached' });
    expect(admin.errors).toEqual([]);

    await open(admin.page, `/corrections/us/${company.industry}/${company.slug}`);
    const row = admin.page.getByRole('row', { name: new RegExp(reference) });
    await row.waitFor();
    const text = (await row.textContent()) ?? '';
    expect(text).toContain('Accepted');
    expect(text).toContain('Climate score');
    expect(text).toContain('→');
    expect(text).toContain(`Checked against the filing (${tag}).`);
    await admin.page.getByText('resolved within 14 days').waitFor();
    expect(await admin.page.getByTestId('median-time').textContent()).toMatch(
      /Measured median time to resolve/,
    );
    await admin.context.close();
  });
});
