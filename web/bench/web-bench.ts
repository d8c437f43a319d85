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
import { CHROMIUM_FLAGS, CHROMIUM_PATH, launchBrowser } from '../e2e/support/browser';
import { privateStackBasePort, startStack } from '../e2e/support/stack';

const INITIAL_JS_BUDGET_BYTES = 150 * 1024;
const ACCESSIBILITY_MINIMUM = 95;
/** The floors (decision 0010): performance per form factor; SEO and accessibility 100 on both. */
const PERFORMANCE_FLOOR = { mobile: 90, desktop: 95 } as const;
type FormFactor = keyof typeof PERFORMANCE_FLOOR;
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

interface LighthouseScores {
  performance: number;
  accessibility: number;
  /**
   * docs/product/rules.md#s13: titles, descriptions, canonical links, status codes, crawlable
   * links.
   */
  seo: number;
}

async function lighthouseScores(url: string, formFactor: FormFactor): Promise<LighthouseScores> {
  const [{ default: lighthouse }, chromeLauncher, { default: desktopConfig }] = await Promise.all([
    import('lighthouse'),
    import('chrome-launcher'),
    import('lighthouse/core/config/desktop-config.js'),
  ]);
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: [...CHROMIUM_FLAGS],
  });
  try {
    const result = await lighthouse(
      url,
      {
        port: chrome.port,
        onlyCategories: ['performance', 'accessibility', 'seo'],
        logLevel: 'error',
        output: 'json',
      },
      formFactor === 'desktop' ? desktopConfig : undefined,
    );
    // A run Lighthouse could not finish scores 0: say so rather than report it as a figure.
    if (result!.lhr.runtimeError) {
      throw new Error(`Lighthouse on ${url}: ${result!.lhr.runtimeError.message}`);
    }
    const categories = result!.lhr.categories;
    return {
      performance: Math.round((categories.performance.score ?? 0) * 100),
      accessibility: Math.round((categories.accessibility.score ?? 0) * 100),
      seo: Math.round((categories.seo.score ?? 0) * 100),
    };
  } finally {
    await chrome.kill();
  }
}

async function main(): Promise<void> {
  const stack = await startStack(privateStackBasePort());
  try {
    if (stack.notStarted.length > 0)
      console.warn(`[web bench] not running: ${stack.notStarted.join('; ')}`);
    const active = (await (await fetch(`${stack.baseUrl}/api/active`)).json()) as Array<{
      industry: string;
    }>;
    const industry = active[0].industry;
    const companies = (await (
      await fetch(`${stack.baseUrl}/api/companies/us/${industry}`)
    ).json()) as {
      result: { ranked: Array<{ slug: string }> };
    };
    const latest = (await (await fetch(`${stack.baseUrl}/api/reports/latest/1`)).json()) as {
      items: Array<{ path: string }>;
    };
    const pages = {
      home: '/',
      industry: `/companies/us/${industry}`,
      company: `/companies/us/${industry}/${companies.result.ranked[0].slug}`,
      report: latest.items[0].path,
    };
    const initialJs = {
      home: await initialJavaScript(stack.baseUrl, pages.home),
      industry: await initialJavaScript(stack.baseUrl, pages.industry),
    };
    const lighthouse: Record<FormFactor, Record<string, LighthouseScores>> = {
      mobile: {},
      desktop: {},
    };
    for (const formFactor of ['mobile', 'desktop'] as const) {
      for (const [name, pagePath] of Object.entries(pages)) {
        const url = `${stack.baseUrl}${pagePath}`;
        // One more try when a run fails (a page load that timed out on the shared machine).
        lighthouse[formFactor][name] = await lighthouseScores(url, formFactor).catch(
          (error: unknown) => {
            console.warn(`${(error as Error).message}; once more`);
            return lighthouseScores(url, formFactor);
          },
        );
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
  } finally {
    await stack.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
