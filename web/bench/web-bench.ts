/**
 * `make bench-web`: what the web app costs a visitor. For `/` and an industry page: the gzipped
 * JavaScript the browser fetched before its first contentful paint. Then Lighthouse
 * (performance, accessibility and SEO) for `/`, an industry, a company and a report page, with
 * its mobile (default) and desktop settings, against the web app's floors (decision 0010). The stack runs on private
 * ports (web/e2e/support/stack.ts). Results: infra/bench/results/web.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { launchBrowser } from '../e2e/support/browser';
import {
  lighthousePages,
  lighthouseRun,
  type FormFactor,
  type Scores,
} from '../e2e/support/lighthouse';
import { withSite } from '../e2e/support/stack';

const INITIAL_JS_BUDGET_BYTES = 150 * 1024;
const ACCESSIBILITY_MINIMUM = 95;
/** The floors (decision 0010): performance per form factor; SEO and accessibility 100 on both. */
const PERFORMANCE_FLOOR: Record<FormFactor, number> = { mobile: 90, desktop: 95 };
const resultsFile = path.resolve(__dirname, '..', '..', 'infra', 'bench', 'results', 'web.json');

async function initialJavaScript(
  baseUrl: string,
  pagePath: string,
): Promise<{ files: string[]; gzipBytes: number; untilLoadedGzipBytes: number }> {
  const { browser, close } = await launchBrowser();
  try {
    const page = await browser.newPage();
    const scripts: Array<{ url: string; at: number; body: Promise<Buffer> }> = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') {
        scripts.push({ url: response.url(), at: Date.now(), body: response.body() });
      }
    });
    const started = Date.now();
    await page.goto(`${baseUrl}${pagePath}`, { waitUntil: 'networkidle' });
    const fcpMs = await page.evaluate(
      () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
    );
    if (fcpMs === null) throw new Error(`${pagePath}: no first contentful paint`);
    // Scripts whose response arrived before the first paint (clock of the page vs ours: both from navigation).
    const beforePaint = scripts.filter((script) => script.at - started <= fcpMs + 50);
    const gzipped = async (list: typeof scripts) => {
      let bytes = 0;
      for (const script of list) bytes += gzipSync(await script.body, { level: 9 }).length;
      return bytes;
    };
    return {
      files: beforePaint.map((script) => new URL(script.url).pathname),
      gzipBytes: await gzipped(beforePaint),
      // Everything the page fetched until the network was idle (page chunk, prefetched links).
      untilLoadedGzipBytes: await gzipped(scripts),
    };
  } finally {
    await close();
  }
}

async function main(): Promise<void> {
  await withSite(async (baseUrl) => {
    const pages = await lighthousePages();
    const initialJs = {
      home: await initialJavaScript(baseUrl, pages.home),
      industry: await initialJavaScript(baseUrl, pages.industry),
    };
    const lighthouse: Record<FormFactor, Record<string, Scores>> = {
      mobile: {},
      desktop: {},
    };
    for (const formFactor of ['mobile', 'desktop'] as const) {
      for (const [name, pagePath] of Object.entries(pages)) {
        const url = `${baseUrl}${pagePath}`;
        lighthouse[formFactor][name] = (await lighthouseRun(url, formFactor)).scores;
      }
    }
    console.log('\nWeb app: JavaScript before first paint (gzipped)');
    for (const [name, figures] of Object.entries(initialJs)) {
      console.log(
        `  ${name.padEnd(10)} ${(figures.gzipBytes / 1024).toFixed(1).padStart(7)} KB  ${figures.files.join(', ')}` +
          ` (${(figures.untilLoadedGzipBytes / 1024).toFixed(1)} KB once loaded)`,
      );
    }
    console.log(`  budget     ${(INITIAL_JS_BUDGET_BYTES / 1024).toFixed(1).padStart(7)} KB on /`);
    const belowFloor: string[] = [];
    for (const formFactor of ['mobile', 'desktop'] as const) {
      console.log(
        `Lighthouse ${formFactor} (performance ≥ ${PERFORMANCE_FLOOR[formFactor]} / accessibility / SEO)`,
      );
      for (const [name, scores] of Object.entries(lighthouse[formFactor])) {
        console.log(
          `  ${name.padEnd(10)} ${String(scores.performance).padStart(3)} / ${scores.accessibility} / ${scores.seo}`,
        );
        if (
          scores.performance < PERFORMANCE_FLOOR[formFactor] ||
          scores.accessibility < 100 ||
          scores.seo < 100
        ) {
          belowFloor.push(`${formFactor} ${name}`);
        }
      }
    }
    // Reported, not failed: Lighthouse's performance moves by several points between runs on a
    // shared two-core machine.
    console.log(`Below the floors: ${belowFloor.join(', ') || 'none'}`);
    mkdirSync(path.dirname(resultsFile), { recursive: true });
    writeFileSync(
      resultsFile,
      JSON.stringify(
        { suite: 'web', at: new Date().toISOString(), pages, initialJs, lighthouse },
        null,
        2,
      ),
    );
    const failures = [
      initialJs.home.gzipBytes > INITIAL_JS_BUDGET_BYTES &&
        `initial JS on / is over ${INITIAL_JS_BUDGET_BYTES} bytes`,
      ...Object.entries(lighthouse.mobile)
        .filter(([, scores]) => scores.accessibility < ACCESSIBILITY_MINIMUM)
        .map(
          ([name, scores]) =>
            `Lighthouse accessibility of ${name} is ${scores.accessibility} (< ${ACCESSIBILITY_MINIMUM})`,
        ),
    ].filter(Boolean);
    if (failures.length > 0) {
      console.error(`web bench: ${failures.join('; ')}`);
      process.exitCode = 1;
    }
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
