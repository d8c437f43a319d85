/**
 * `make bench`: every public read of docs/product/rules.md#s11 through the whole stack, each beside
 * a bare node:http server in its own process sending the same status, headers and bytes, measured
 * in the same run with Debian's wrk. Results are printed and written to infra/bench/results/.
 * `BENCH_SUITES=reads,members,search,edge,wear` (comma-separated) runs only the named suites;
 * BENCH_CONNECTIONS (50) and BENCH_SECONDS (10) set the load.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { TransportIdentity } from '@upright/contracts';
import { startProcess, stopAll, type RunningProcess } from '../local/process-stack';
import { opsPort, portIn, stackProcess } from '../stack/manifest';
import { record, startBareServer } from './baseline';
import { benchEdge } from './edge';
import { benchMembers } from './members';
import { benchReads } from './reads';
import { benchSearch } from './search';
import { BENCH_BFF_ENV, benchTransportPrefix } from './stack';
import type { SuiteContext } from './suite';
import { benchWear } from './wear';
import { measure, type LoadFigures } from './wrk';

const resultsDir = path.join(__dirname, 'results');
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** The bench stack's BFF port; the other processes keep their `make up` offsets above it. */
const BENCH_BASE_PORT = 18080;
const BARE_PORT = 18099;

function requireEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} must be set (see infra/local/local.env)`);
  return value;
}

type Suite = (context: SuiteContext) => Promise<void>;

const SUITES: Record<string, Suite> = {
  reads: benchReads,
  members: benchMembers,
  search: benchSearch,
  edge: benchEdge,
  wear: benchWear,
};

function print(title: string, rows: ReadonlyArray<[string, LoadFigures]>): void {
  console.log(`\n${title}`);
  const head = ['what'.padEnd(44), 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'errors'];
  console.log(head.map((cell, i) => (i === 0 ? cell : cell.padStart(9))).join(' '));
  for (const [label, f] of rows) {
    console.log(
      [
        label.padEnd(44),
        f.requestsPerSecond.toFixed(0).padStart(9),
        f.p50Ms.toFixed(2).padStart(9),
        f.p95Ms.toFixed(2).padStart(9),
        f.p99Ms.toFixed(2).padStart(9),
        String(f.errors).padStart(9),
      ].join(' '),
    );
  }
}

function save(suite: string, figures: object): void {
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(
    path.join(resultsDir, `${suite}.json`),
    JSON.stringify(
      {
        suite,
        at: new Date().toISOString(),
        loadGenerator: 'wrk (Debian), 1 thread',
        connections: CONNECTIONS,
        durationSeconds: DURATION_SECONDS,
        ...figures,
      },
      null,
      2,
    ),
  );
}

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
  const common = { REDIS_URL: transport.redisUrl, TRANSPORT_PREFIX: transport.keyPrefix };
  const processes: RunningProcess[] = [];
  const start = async (
    name: TransportIdentity,
    env: Record<string, string>,
    basePort = BENCH_BASE_PORT,
  ) => {
    const { entry } = stackProcess(name);
    const port = portIn(stackProcess(name), basePort);
    const started = await startProcess(name, entry, port, { ...common, ...env });
    processes.push(started);
    return started;
  };
  try {
    await start('rankings', {
      DATABASE_URL: requireEnv('RANKINGS_DATABASE_URL'),
    });
    await start('reports', {
      DATABASE_URL: requireEnv('REPORTS_DATABASE_URL'),
      QUEUE_PREFIX: `${transport.keyPrefix}-queues`,
    });
    const bff = await start('bff', BENCH_BFF_ENV);
    const context: SuiteContext = {
      bffUrl: bff.url,
      bffMetricsUrl: `http://127.0.0.1:${opsPort(BENCH_BASE_PORT)}/metrics`,
      transport,
      env: requireEnv,
      connections: CONNECTIONS,
      seconds: DURATION_SECONDS,
      start,
      startOnce: async (name, env) =>
        processes.find((running) => running.name === name) ?? start(name, env),
      measure,
      record,
      print,
      save,
      async compare(what, answer, load) {
        const run = { connections: CONNECTIONS, seconds: DURATION_SECONDS, ...load };
        const server = await startBareServer(answer, BARE_PORT);
        let bare: LoadFigures;
        try {
          bare = await measure({ ...run, url: `${server.url}${load.path}` });
        } finally {
          await server.stop();
        }
        const stack = await measure({ ...run, url: `${bff.url}${load.path}` });
        return {
          what,
          bytes: answer.body.length,
          bare,
          stack,
          throughputRatio: stack.requestsPerSecond / bare.requestsPerSecond,
          p99Ratio: stack.p99Ms / bare.p99Ms,
        };
      },
    };
    for (const [, suite] of suites) await suite(context);
  } finally {
    await stopAll(processes);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
