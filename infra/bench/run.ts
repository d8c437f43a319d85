/**
 * `make bench`: figures for the whole stack, each beside a baseline measured in the same run.
 * Results are printed and written to infra/bench/results/<suite>.json.
 * `BENCH_SUITES=companies` (comma-separated) runs only the named suites.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startBaselineServer } from './baseline-server';
import { benchCompanies } from './companies';
import { benchMembers } from './members';
import { benchSearch } from './search';
import { measure, type LoadFigures, type LoadOptions } from './load';
import { startProcess, stopProcess } from '../local/process-stack';
import { benchTransportPrefix } from './stack';

const resultsDir = path.join(__dirname, 'results');
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

function requireEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} must be set (see infra/local/local.env)`);
  return value;
}

/** One endpoint through the stack beside a bare node:http server answering its exact bytes. */
export interface BaselineComparison {
  bytes: number;
  baseline: LoadFigures;
  stack: LoadFigures;
  /** stack req/s ÷ bare req/s */
  throughputRatio: number;
}

/** What a suite gets from the runner: the running stack and the shared measuring tools. */
export interface SuiteContext {
  bffUrl: string;
  /** Where the stack's processes talk, for suites that send transport requests themselves. */
  transport: { redisUrl: string; keyPrefix: string };
  rankingsDatabaseUrl: string;
  load: LoadOptions;
  againstBaseline(url: string): Promise<BaselineComparison>;
  printTable(title: string, rows: ReadonlyArray<[string, LoadFigures]>): void;
  printRatio(comparison: BaselineComparison): void;
  save(suite: string, figures: object): void;
}

type Suite = (context: SuiteContext) => Promise<void>;

function row(label: string, figures: LoadFigures): string {
  return [
    label.padEnd(34),
    figures.requestsPerSecond.toFixed(0).padStart(9),
    figures.p50Ms.toFixed(1).padStart(8),
    figures.p99Ms.toFixed(1).padStart(8),
    String(figures.errors + figures.non2xx).padStart(7),
  ].join(' ');
}

function printTable(title: string, rows: ReadonlyArray<[string, LoadFigures]>): void {
  console.log(`\n${title}`);
  console.log(
    `${'what'.padEnd(34)} ${'req/s'.padStart(9)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'errors'.padStart(7)}`,
  );
  for (const [label, figures] of rows) console.log(row(label, figures));
}

async function againstBaseline(url: string): Promise<BaselineComparison> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  const body = await response.text();
  const baselineServer = await startBaselineServer(body);
  const options = { connections: CONNECTIONS, durationSeconds: DURATION_SECONDS };
  const baseline = await measure(baselineServer.url, options);
  await baselineServer.close();
  const stack = await measure(url, options);
  return {
    bytes: body.length,
    baseline,
    stack,
    throughputRatio: stack.requestsPerSecond / baseline.requestsPerSecond,
  };
}

function save(suite: string, figures: object): void {
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(
    path.join(resultsDir, `${suite}.json`),
    JSON.stringify(
      {
        suite,
        at: new Date().toISOString(),
        connections: CONNECTIONS,
        durationSeconds: DURATION_SECONDS,
        ...figures,
      },
      null,
      2,
    ),
  );
}

function printRatio(comparison: BaselineComparison): void {
  const ratio = comparison.throughputRatio;
  console.log(
    `throughput ratio stack/bare: ${ratio.toFixed(3)} (${(1 / ratio).toFixed(1)}× slower)`,
  );
}

async function benchActiveIndustries(context: SuiteContext): Promise<void> {
  const comparison = await context.againstBaseline(`${context.bffUrl}/api/active`);
  context.printTable(`GET /api/active — ${CONNECTIONS} connections, ${DURATION_SECONDS} s each`, [
    ['bare node:http, same JSON', comparison.baseline],
    ['BFF → rankings → Postgres', comparison.stack],
  ]);
  context.printRatio(comparison);
  context.save('api-active', comparison);
}

const SUITES: Record<string, Suite> = {
  'api-active': benchActiveIndustries,
  companies: benchCompanies,
  members: benchMembers,
  search: benchSearch,
};

function selectedSuites(): Array<[string, Suite]> {
  const names = process.env.BENCH_SUITES?.split(',').map((name) => name.trim()) ?? [];
  for (const name of names) {
    if (!(name in SUITES)) throw new Error(`unknown suite ${name}; known: ${Object.keys(SUITES)}`);
  }
  return Object.entries(SUITES).filter(([name]) => names.length === 0 || names.includes(name));
}

async function main(): Promise<void> {
  const suites = selectedSuites();
  const transport = { redisUrl: requireEnv('REDIS_URL'), keyPrefix: benchTransportPrefix() };
  const env = { REDIS_URL: transport.redisUrl, TRANSPORT_PREFIX: transport.keyPrefix };
  const rankingsDatabaseUrl = requireEnv('RANKINGS_DATABASE_URL');
  const rankings = await startProcess('rankings', 'services/rankings/dist/main.js', 18082, {
    ...env,
    DATABASE_URL: rankingsDatabaseUrl,
  });
  const bff = await startProcess('bff', 'bff/dist/main.js', 18080, { ...env, WEB_DIST_DIR: '' });
  const context: SuiteContext = {
    bffUrl: bff.url,
    transport,
    rankingsDatabaseUrl,
    load: { connections: CONNECTIONS, durationSeconds: DURATION_SECONDS },
    againstBaseline,
    printTable,
    printRatio,
    save,
  };
  try {
    for (const [, suite] of suites) await suite(context);
  } finally {
    await stopProcess(bff);
    await stopProcess(rankings);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
