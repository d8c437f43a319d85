/**
 * `make lighthouse`: Lighthouse's four categories on home, an industry, a company and a report
 * page, each run RUNS times (3) in a fresh Debian Chromium; the median of each category is the
 * figure, held against the floor of 95 (decision 0056). Mobile settings, or desktop with
 * FORM_FACTOR=desktop. Against E2E_BASE_URL (e.g. `make up`'s http://localhost:8080) when set,
 * else a stack of its own on private ports (web/e2e/support/stack.ts). Results:
 * infra/bench/results/lighthouse-<form factor>.json. Exits non-zero when a median is below the
 * floor.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  CATEGORIES,
  lighthousePages,
  lighthouseRun,
  median,
  type FormFactor,
  type LighthouseRun,
  type Scores,
} from '../e2e/support/lighthouse';
import { withSite } from '../e2e/support/stack';

const FLOOR = 95;
const runs = Number(process.env.RUNS ?? 3);
const formFactor: FormFactor = process.env.FORM_FACTOR === 'desktop' ? 'desktop' : 'mobile';
const resultsFile = path.resolve(
  __dirname,
  '..',
  '..',
  'infra',
  'bench',
  'results',
  `lighthouse-${formFactor}.json`,
);

async function main(): Promise<void> {
  await withSite(async (baseUrl) => {
    const pages = await lighthousePages();
    const results: Record<string, { path: string; median: Scores; runs: LighthouseRun[] }> = {};
    for (const [name, pagePath] of Object.entries(pages)) {
      const pageRuns: LighthouseRun[] = [];
      for (let run = 0; run < runs; run++)
        pageRuns.push(await lighthouseRun(`${baseUrl}${pagePath}`, formFactor));
      const middle = Object.fromEntries(
        CATEGORIES.map((id) => [id, median(pageRuns.map((one) => one.scores[id]))]),
      ) as Scores;
      results[name] = { path: pagePath, median: middle, runs: pageRuns };
      console.log(
        `[lighthouse] ${name} ${pagePath}: performance ${pageRuns.map((one) => one.scores.performance).join(', ')}` +
          ` (machine's benchmark index ${pageRuns.map((one) => Math.round(one.benchmarkIndex)).join(', ')})`,
      );
    }
    console.log(
      `\nLighthouse ${formFactor}, median of ${runs} (floor ${FLOOR}): ${CATEGORIES.join(' / ')}`,
    );
    const below: string[] = [];
    for (const [name, { median: scores, runs: pageRuns }] of Object.entries(results)) {
      console.log(
        `  ${name.padEnd(9)} ${CATEGORIES.map((id) => String(scores[id]).padStart(3)).join(' / ')}`,
      );
      below.push(...CATEGORIES.filter((id) => scores[id] < FLOOR).map((id) => `${name} ${id}`));
      const metrics = Object.keys(pageRuns[0].metrics).map(
        (id) =>
          `${id} ${Math.round(median(pageRuns.map((one) => one.metrics[id] * (id === 'cumulative-layout-shift' ? 1000 : 1))))}`,
      );
      console.log(`            median ${metrics.join(', ')} (ms; layout shift in thousandths)`);
      const failing = [...new Set(pageRuns.flatMap((one) => one.failing))];
      if (failing.length > 0) console.log(`            costing points: ${failing.join(', ')}`);
    }
    console.log(`Below the floor: ${below.join(', ') || 'none'}`);
    mkdirSync(path.dirname(resultsFile), { recursive: true });
    writeFileSync(
      resultsFile,
      JSON.stringify({ at: new Date().toISOString(), formFactor, runs, results }, null, 2),
    );
    if (below.length > 0) process.exitCode = 1;
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
