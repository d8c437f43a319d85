/**
 * `make screens`: every route of the e2e routes test (support/routes.ts) at the review widths,
 * 1366 and 360 px (decision 0056), in the light and the dark theme, as a first visit sees it (the
 * cookie notice showing): whole-page PNGs in web/e2e/screenshots/routes/ (git-ignored), named
 * <route>-<width>-<theme>.png. Against E2E_BASE_URL when set, else a stack of its own.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { launchBrowser, REVIEW_VIEWPORTS, SCREENSHOT_DIR } from './support/browser';
import { routePaths, ROUTE_NAMES } from './support/routes';
import { withSite } from './support/stack';

const OUT_DIR = path.join(SCREENSHOT_DIR, 'routes');
const THEMES = ['light', 'dark'] as const;

async function main(): Promise<void> {
  await withSite(async (baseUrl) => {
    const paths = await routePaths();
    const { browser, close } = await launchBrowser();
    mkdirSync(OUT_DIR, { recursive: true });
    try {
      // One page at a time, as the routes test visits them (a busy machine, two cores).
      for (const name of ROUTE_NAMES) {
        for (const [width, viewport] of REVIEW_VIEWPORTS) {
          for (const theme of THEMES) {
            const context = await browser.newContext({
              viewport,
              baseURL: baseUrl,
              colorScheme: theme,
            });
            const page = await context.newPage();
            await page.addInitScript(
              (value) => localStorage.setItem('upright-theme', value),
              theme,
            );
            await page.goto(paths[name]);
            await page.getByRole('heading', { level: 1 }).first().waitFor();
            await page.waitForLoadState('networkidle');
            const file = path.join(OUT_DIR, `${name}-${width}-${theme}.png`);
            await page.screenshot({ path: file, fullPage: true });
            await context.close();
          }
        }
        process.stdout.write(`[screens] ${name} ${paths[name]}\n`);
      }
    } finally {
      await close();
    }
    process.stdout.write(
      `[screens] ${ROUTE_NAMES.length * REVIEW_VIEWPORTS.length * THEMES.length} PNGs in ${OUT_DIR}\n`,
    );
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
