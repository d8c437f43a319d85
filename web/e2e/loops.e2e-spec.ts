import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { acceptCookies, launchBrowser, MOBILE, newPage, open, WIDE } from './support/browser';
import { sampleTargets } from './support/data';
import { signUp } from './support/member';

/** Whether an element's top is inside the viewport (below the fixed top bar's 56 px). */
async function inView(page: Page, selector: string): Promise<boolean> {
  return page.locator(selector).evaluate((element) => {
    const box = element.getBoundingClientRect();
    return box.top >= 0 && box.bottom <= window.innerHeight;
  });
}

/**
 * What comes after each action: a person is told what happened and where to look
 * next, and finds what they did where they would look for it.
 */
describe('finished loops', () => {
  let browser: Browser;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ browser, close } = await launchBrowser());
  });
  afterAll(async () => close());

  it('Join says to check the inbox; after SAVE the preview no longer says "not saved yet"', async () => {
    const { context, page, errors } = await newPage(browser, WIDE);
    await acceptCookies(context);
    const email = `loops-${randomUUID()}@example.com`;
    await signUp(page, email);
    await page.getByRole('status').filter({ hasText: 'Check your inbox' }).waitFor();
    expect(await page.getByText(email).count()).toBe(1);
    await page.locator('#preview-industry').selectOption({ index: 1 });
    const caption = page.getByTestId('priority-preview').locator('caption');
    await caption.waitFor();
    expect(await caption.textContent()).toMatch(/\(saved\)$/);
    await page.locator('#priority-climate').fill('9');
    expect(await caption.textContent()).toMatch(/\(not saved yet\)$/);
    await page.getByRole('button', { name: 'SAVE' }).click();
    await page.waitForFunction(() =>
      /\(saved\)$/.test(
        document.querySelector('[data-testid="priority-preview"] caption')!.textContent!,
      ),
    );
    // The notice belongs to the arrival: a reload does not repeat it.
    await page.reload();
    await page.waitForFunction(() => document.documentElement.dataset.app === 'started');
    await page.locator('#priority-climate').waitFor();
    expect(await page.getByText('Check your inbox').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the follow prompt offers Join as well as Sign in', async () => {
    const { company } = await sampleTargets();
    const { context, page } = await newPage(browser, WIDE);
    await open(page, `/companies/us/${company.industry}/${company.slug}`);
    const prompt = page.locator('p.follow');
    await prompt.waitFor();
    expect(await prompt.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(
      '/account/signin',
    );
    expect(await prompt.getByRole('link', { name: 'join' }).getAttribute('href')).toBe(
      '/account/signup',
    );
    await context.close();
  });

  it('the correction receipt is in view and focused at 360 px; the ledger lists the open request to its requester', async () => {
    const { company } = await sampleTargets();
    const { context, page, errors } = await newPage(browser, MOBILE);
    await acceptCookies(context);
    await open(page, `/companies/us/${company.industry}/${company.slug}`);
    await page
      .getByRole('link', { name: 'Correct this: request a correction of the Climate score' })
      .click();
    await page.getByRole('heading', { name: 'Request a correction' }).waitFor();
    await page.getByLabel('Your name').fill('Grace Tester');
    await page.getByLabel('Email').fill(`loops-${randomUUID()}@example.org`);
    await page.getByLabel('What is wrong').fill('The climate score looks outdated.');
    await page.getByLabel(/^Evidence/).fill('https://example.org/climate-report');
    await page.locator('altcha-widget label').first().click();
    const send = page.getByRole('button', { name: 'Request the correction' });
    await page.waitForFunction(
      () => !(document.querySelector('form button[type="submit"]') as HTMLButtonElement).disabled,
      null,
      { timeout: 30_000 },
    );
    await send.click();
    const heading = page.getByRole('heading', { name: 'Correction requested' });
    await heading.waitFor();
    expect(await inView(page, 'h1')).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(
      'Correction requested',
    );
    const thanks = page.getByText(/Your request C-\d+/);
    const reference = /C-\d+/.exec((await thanks.textContent()) ?? '')![0];
    await page.getByRole('link', { name: 'See the corrections ledger' }).click();
    const own = page.getByTestId('own-requests');
    await own.waitFor();
    expect(await own.textContent()).toContain(reference);
    // Another browser (another requester) does not see it listed.
    const other = await newPage(browser, MOBILE);
    await open(other.page, new URL(page.url()).pathname);
    await other.page.getByTestId('open-requests').waitFor();
    expect(await other.page.getByTestId('own-requests').count()).toBe(0);
    await other.context.close();
    expect(errors).toEqual([]);
    await context.close();
  });
});
