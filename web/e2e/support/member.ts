import type { Locator, Page } from 'playwright-core';
import { open } from './browser';

export const PASSWORD = 'correct-horse-battery-e2e';

/**
 * Fills the sign-up form and presses Join once the ALTCHA widget has solved its proof of work in
 * the browser; returns the Join button (what comes next is the caller's to check).
 */
export async function submitSignUp(page: Page, email: string): Promise<Locator> {
  await open(page, '/account/signup');
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Tester');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByLabel('Year of birth').fill('1990');
  await page.getByLabel('Month', { exact: true }).selectOption('7');
  await page.getByLabel('Day', { exact: true }).fill('14');
  await page.getByLabel(/I am an individual/).check();
  // The widget's label starts the proof of work (its styled box covers the raw checkbox).
  await page.locator('altcha-widget label').first().click();
  const join = page.getByRole('button', { name: 'Join' });
  await page.waitForFunction(
    () => !(document.querySelector('form button[type="submit"]') as HTMLButtonElement).disabled,
    null,
    { timeout: 30_000 },
  );
  await join.click();
  return join;
}

/** Signs up through the page and lands on the priorities page. */
export async function signUp(page: Page, email: string): Promise<void> {
  await submitSignUp(page, email);
  await page.waitForURL(/\/account\/priorities$/, { timeout: 20_000 });
}
