/**
 * Ranking-engine bench: time to rank one industry of synthetic companies with member weights,
 * beside a baseline measured in the same run.
 *
 *   npx tsx services/rankings/bench/ranking-engine.bench.ts [--json out.json]
 *
 * engine    = rankIssues + weigh(averages) + weigh(member values)
 * full      = rankIndustry (the above plus building and sorting the three API lists)
 * re-weigh  = rankIndustryFromIssues on a cached stage 1 (a personalised request)
 * member    = a member's re-weighing as the BFF makes it from a kept industry answer
 *             (KeptRankedSet.weigh: this period and the previous one weighed with the member's
 *             values, pranked and the member's moves); `member/baseline` is the crowd work's figure
 *             (≤ 5×)
 * baseline  = Float64Array.prototype.sort() (typed-array numeric sort, no comparator) of a fresh
 *             copy of n random doubles; the copy is inside the timing.
 *
 * Each figure is the median over RUNS timed batches after WARMUP_BATCHES untimed ones; a batch
 * repeats the operation enough times to last at least MIN_BATCH_MS, and its time is divided by the
 * repetitions. No assertions: figures only.
 */
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { ISSUE_KEYS, KeptRankedSet, type IssueKey } from '@upright/contracts';
import {
  rankIndustry,
  rankIndustryFromIssues,
  rankIssues,
  weigh,
  type RankableCompany,
  type Weights,
} from '../src/ranking-engine';
import { mulberry32 as prng } from '@upright/sample-data';

const SIZES = [500, 10_000] as const;
const WARMUP_BATCHES = 5;
const RUNS = 15;
const MIN_BATCH_MS = 25;
const BASELINE =
  'Float64Array.prototype.sort() of a fresh copy of n random doubles (no comparator)';

interface Row {
  readonly n: number;
  readonly engineMs: number;
  readonly baselineMs: number;
  readonly ratio: number;
  readonly rankIndustryMs: number;
  readonly reweighFromCacheMs: number;
  readonly memberReweighMs: number;
  readonly memberRatio: number;
}

/** Scores 0–100 in steps of 0.5 (many ties), ~8% missing; ~25% non-public, some reporting. */
function syntheticCompanies(n: number, random: () => number): RankableCompany[] {
  return Array.from({ length: n }, (_, i) => {
    const scores = Object.fromEntries(
      ISSUE_KEYS.map((key) => [key, random() < 0.08 ? null : Math.round(random() * 200) / 2]),
    ) as Record<IssueKey, number | null>;
    return {
      upright_cid: `cid-${i}`,
      company_name: `Company ${Math.floor(random() * n)}`,
      structure: random() < 0.75 ? 'Public' : 'Private',
      alt_reporting: random() < 0.1,
      self_reporting: random() < 0.1,
      scores,
    };
  });
}

function syntheticWeights(random: () => number, member: boolean): Weights {
  return Object.fromEntries(
    ISSUE_KEYS.map((key) => [
      key,
      member ? Math.floor(random() * 11) : Math.round(random() * 1000) / 100,
    ]),
  ) as Weights;
}

let sink = 0; // consumed results, so no work can be optimised away

function medianMs(operation: () => number): number {
  const started = performance.now();
  sink += operation();
  const once = Math.max(performance.now() - started, 1e-3);
  const repetitions = Math.max(1, Math.ceil(MIN_BATCH_MS / once));
  const batch = (): number => {
    const start = performance.now();
    for (let r = 0; r < repetitions; r++) sink += operation();
    return (performance.now() - start) / repetitions;
  };
  for (let w = 0; w < WARMUP_BATCHES; w++) batch();
  const times = Array.from({ length: RUNS }, batch).sort((a, b) => a - b);
  return times[Math.floor(RUNS / 2)];
}

function measure(n: number): Row {
  const random = prng(0x5eed + n);
  const companies = syntheticCompanies(n, random);
  const averages = syntheticWeights(random, false);
  const memberValues = syntheticWeights(random, true);
  const floats = Float64Array.from({ length: n }, () => random() * 1000);
  const cached = rankIssues(companies, ISSUE_KEYS);

  const baselineMs = medianMs(() => floats.slice().sort()[0]);
  const engineMs = medianMs(() => {
    const ranking = rankIssues(companies, ISSUE_KEYS);
    return weigh(ranking, averages)[0].rank + weigh(ranking, memberValues)[0].rank;
  });
  const rankIndustryMs = medianMs(
    () => rankIndustry(companies, ISSUE_KEYS, averages, memberValues).ranked[0].normalized_rank,
  );
  const reweighFromCacheMs = medianMs(
    () => rankIndustryFromIssues(cached, averages, memberValues).ranked[0].normalized_rank,
  );
  const keptSet = new KeptRankedSet(
    rankIndustryFromIssues(cached, averages, null).ranked,
    rankIssues(syntheticCompanies(n, random), ISSUE_KEYS).companies,
    ISSUE_KEYS,
  );
  const memberReweighMs = medianMs(() => keptSet.weigh(memberValues).ranks[0]);
  return {
    n,
    engineMs,
    baselineMs,
    ratio: engineMs / baselineMs,
    rankIndustryMs,
    reweighFromCacheMs,
    memberReweighMs,
    memberRatio: memberReweighMs / baselineMs,
  };
}

function table(rows: readonly Row[]): string {
  const header = [
    'n',
    'engine ms',
    'baseline ms',
    'engine/baseline',
    'rankIndustry ms',
    're-weigh ms',
    'member ms',
    'member/baseline',
  ];
  const lines = rows.map((row) => [
    String(row.n),
    row.engineMs.toFixed(3),
    row.baselineMs.toFixed(4),
    `${row.ratio.toFixed(1)}×`,
    row.rankIndustryMs.toFixed(3),
    row.reweighFromCacheMs.toFixed(3),
    row.memberReweighMs.toFixed(3),
    `${row.memberRatio.toFixed(1)}×`,
  ]);
  const widths = header.map((title, c) => Math.max(title.length, ...lines.map((l) => l[c].length)));
  const format = (cells: readonly string[]) =>
    cells.map((cell, c) => cell.padStart(widths[c])).join('  ');
  return [format(header), format(widths.map((w) => '-'.repeat(w))), ...lines.map(format)].join(
    '\n',
  );
}

function jsonPathFromArgs(args: readonly string[]): string | null {
  const flag = args.indexOf('--json');
  if (flag === -1) return null;
  const target = args[flag + 1];
  if (target === undefined || target.startsWith('--')) throw new Error('--json needs a file path');
  return path.resolve(target);
}

function main(): void {
  const jsonPath = jsonPathFromArgs(process.argv.slice(2));
  const rows = SIZES.map(measure);
  const out = process.stdout;
  const load = os.loadavg()[0].toFixed(2);
  out.write(
    `ranking engine bench — node ${process.version}, ${os.cpus()[0]?.model ?? 'cpu?'} ×${os.cpus().length}, load ${load}\n`,
  );
  out.write(`engine = rankIssues + weigh(averages) + weigh(member); baseline = ${BASELINE}\n`);
  out.write(
    `median of ${RUNS} batches (≥ ${MIN_BATCH_MS} ms each) after ${WARMUP_BATCHES} warm-up\n\n`,
  );
  out.write(`${table(rows)}\n`);
  if (jsonPath !== null) {
    const report = {
      generatedAt: new Date().toISOString(),
      node: process.version,
      platform: `${os.platform()} ${os.arch()}`,
      cpu: os.cpus()[0]?.model ?? null,
      cpuCount: os.cpus().length,
      loadAverage1m: os.loadavg()[0],
      engine: 'rankIssues + weigh(averages) + weigh(member values)',
      baseline: BASELINE,
      method: {
        warmupBatches: WARMUP_BATCHES,
        runs: RUNS,
        minBatchMs: MIN_BATCH_MS,
        statistic: 'median',
      },
      results: rows,
    };
    writeFileSync(jsonPath, `${JSON.stringify(report, null, 2)}\n`);
    out.write(`\nwrote ${jsonPath}\n`);
  }
  if (Number.isNaN(sink)) out.write('\n'); // keeps `sink` observable
}

main();
