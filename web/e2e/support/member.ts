import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { Client } from 'pg';
import { acceptCookies, newPage, open } from './browser';

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

/** The e2e stack's own database (support/stack.ts), as the postgres superuser. */
async function withE2eDatabase<T>(work: (db: Client) => Promise<T>): Promise<T> {
  const db = new Client({
    connectionString: `postgres://postgres@127.0.0.1:5432/${process.env.E2E_DATABASE_NAME ?? 'upright_e2e'}`,
  });
  await db.connect();
  try {
    return await work(db);
  } finally {
    await db.end();
  }
}

/** Marks the address verified, as following its mailed link does (alerts go to verified ones). */
export async function verifyEmail(email: string): Promise<void> {
  await withE2eDatabase((db) =>
    db.query('UPDATE accounts.users SET email_verified_at = now() WHERE email = $1', [email]),
  );
}

/**
 * A signed-in admin in a fresh context: a member signed up with `email` (unless `signedUp`), made
 * an admin as `make admin` does, then signed in afresh so the session carries the role.
 */
export async function signInAsAdmin(
  browser: Browser,
  email: string,
  { signedUp = false } = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  if (!signedUp) {
    const member = await newPage(browser);
    await acceptCookies(member.context);
    await signUp(member.page, email);
    await member.context.close();
  }
  await withE2eDatabase((db) =>
    db.query(
      `UPDATE accounts.users SET role = 'admin', email_verified_at = now() WHERE email = $1`,
      [email],
    ),
  );
  const admin = await newPage(browser);
  await acceptCookies(admin.context);
  await open(admin.page, '/account/signin');
  await admin.page.getByLabel('Email').fill(email);
  await admin.page.getByLabel('Password').fill(PASSWORD);
  await admin.page.getByRole('button', { name: 'Sign in' }).click();
  await admin.page.waitForURL((url) => !url.pathname.endsWith('/signin'));
  return admin;
}
