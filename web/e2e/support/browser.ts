import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const SCREENSHOT_DIR = path.resolve(__dirname, '..', 'screenshots');

/** Headless Debian Chromium flags, shared by the e2e tests and the bench (Lighthouse too). */
export const CHROMIUM_FLAGS: readonly string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Debian's Chromium driven by playwright-core (docs/product/rules.md#s10). playwright-core gives
 * every launch a fresh temporary profile (its own --user-data-dir, removed on close; it refuses one
 * in args).
 */
export async function launchBrowser(): Promise<{ browser: Browser; close(): Promise<void> }> {
  const trust = trustedCaHome();
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_FLAGS],
    ...(trust ? { env: { ...process.env, HOME: trust } } : {}),
  });
  return {
    browser,
    async close() {
      await browser.close();
      if (trust) rmSync(trust, { recursive: true, force: true });
    },
  };
}

/**
 * With E2E_CA_CERT (a PEM file; `make test-production` names the production stack's test CA),
 * a home directory whose NSS store trusts that CA for servers: Chromium on Linux reads
 * ~/.pki/nssdb, so the HTTPS site's certificate is verified as a real one would be, with no
 * certificate errors ignored.
 */
function trustedCaHome(): string | null {
  const ca = process.env.E2E_CA_CERT;
  if (!ca) return null;
  const home = mkdtempSync(path.join(os.tmpdir(), 'upright-e2e-home-'));
  const db = path.join(home, '.pki', 'nssdb');
  mkdirSync(db, { recursive: true });
  execFileSync('certutil', ['-d', `sql:${db}`, '-N', '--empty-password']);
  execFileSync('certutil', [
    '-d',
    `sql:${db}`,
    '-A',
    '-t',
    'C,,',
    '-n',
    'upright-test-ca',
    '-i',
    ca,
  ]);
  return home;
}

export const DESKTOP = { width: 1280, height: 900 };
export const MOBILE = { width: 360, height: 740 };
/** The review widths (decision 0056): a common laptop and the narrowest phone. */
export const WIDE = { width: 1366, height: 768 };
export const REVIEW_VIEWPORTS = [
  ['1366', WIDE],
  ['360', MOBILE],
] as const;

export function baseUrl(): string {
  const url = process.env.E2E_BASE_URL;
  if (!url)
    throw new Error('E2E_BASE_URL is not set: run through the e2e jest project (global setup)');
  return url;
}

/**
 * What React logs when the browser's first render of a server-made page differs from the HTML
 * (decision 0039): the production build names the errors by number.
 */
export const HYDRATION_ERROR = /hydrat|Minified React error #(418|419|421|422|423|425)\b/i;

/**
 * A fresh context (own cookies) that fails the test on uncaught page errors and on hydration
 * mismatches.
 */
export async function newPage(
  browser: Browser,
  viewport = DESKTOP,
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport, baseURL: baseUrl() });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && HYDRATION_ERROR.test(message.text())) {
      errors.push(message.text());
    }
  });
  return { context, page, errors };
}

/**
 * Opens a page and waits until the app runs it: a server-made page shows its content before its
 * code has loaded, and a click or a choice made then would be lost (decision 0039).
 */
export async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.waitForFunction(() => document.documentElement.dataset.app === 'started');
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

/** Accepts the cookie notice so it does not cover what a test clicks. */
export async function acceptCookies(context: BrowserContext): Promise<void> {
  await context.addCookies([{ name: 'privacyAccepted', value: 'true', url: baseUrl() }]);
}
