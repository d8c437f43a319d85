import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './browser';
import { sampleTargets } from './data';

/** Lighthouse's four categories, scored 0–100. */
export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof CATEGORIES)[number];
export type Scores = Record<Category, number>;
export type FormFactor = 'mobile' | 'desktop';

export interface LighthouseRun {
  scores: Scores;
  /** The performance metrics behind the score (ms; CLS unitless), by Lighthouse's audit id. */
  metrics: Record<string, number>;
  /** Audits that cost points, as "category: audit id", so a low figure says why. */
  failing: string[];
  /**
   * Lighthouse's measure of this machine's speed (about 1,000 and up on an idle desktop): its
   * simulated phone runs the page's own tasks four times slower, so a busy machine scores lower.
   */
  benchmarkIndex: number;
}

const METRICS = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
  'speed-index',
] as const;

/**
 * The pages the floors are about (decision 0010, decision 0056): home, an industry, a company and
 * a report, from the sample data the site at E2E_BASE_URL serves.
 */
export async function lighthousePages(): Promise<Record<string, string>> {
  const { industry, company, reportPath } = await sampleTargets();
  if (!reportPath) throw new Error('no report in /api/reports/latest/1');
  return {
    home: '/',
    industry: `/companies/us/${industry}`,
    company: `/companies/us/${company.industry}/${company.slug}`,
    report: reportPath,
  };
}

/**
 * One Lighthouse run in a fresh Debian Chromium (chrome-launcher gives it a fresh profile), with
 * Lighthouse's mobile (default) or desktop settings and its simulated throttling, which a busy
 * machine moves less than it moves real timings. One more try when a run fails (a page load that
 * timed out on the shared machine).
 */
export async function lighthouseRun(url: string, formFactor: FormFactor): Promise<LighthouseRun> {
  return runOnce(url, formFactor).catch((error: unknown) => {
    console.warn(`${(error as Error).message}; once more`);
    return runOnce(url, formFactor);
  });
}

async function runOnce(url: string, formFactor: FormFactor): Promise<LighthouseRun> {
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
      { port: chrome.port, onlyCategories: [...CATEGORIES], logLevel: 'error', output: 'json' },
      formFactor === 'desktop' ? desktopConfig : undefined,
    );
    const lhr = result!.lhr;
    // A run Lighthouse could not finish scores 0: say so rather than report it as a figure.
    if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
    const scores = Object.fromEntries(
      CATEGORIES.map((id) => [id, Math.round((lhr.categories[id].score ?? 0) * 100)]),
    ) as Scores;
    const metrics = Object.fromEntries(
      METRICS.map((id) => [id, lhr.audits[id]?.numericValue ?? Number.NaN]),
    );
    const failing = CATEGORIES.flatMap((category) =>
      lhr.categories[category].auditRefs
        .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id].score ?? 1) < 0.9)
        .map((ref) => `${category}: ${ref.id}`),
    );
    return { scores, metrics, failing, benchmarkIndex: lhr.environment.benchmarkIndex };
  } finally {
    chrome.kill();
  }
}

/** The middle value (the lower middle of an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}
