/**
 * `make bench`: every public read of docs/product/rules.md#s11 through the whole stack, each beside
 * a bare node:http server in its own process sending the same status, headers and bytes, measured
 * in the same run with Debian's wrk. Results are printed and written to infra/bench/results/.
 * `BENCH_SUITES=reads,members,search,edge,wear` (comma-separated) runs only the named suites;
 * BENCH_CONNECTIONS (50) and BENCH_SECONDS (10) set the load, BENCH_ROUNDS (1) how often each
 * comparison is measured (alternating the order, the median round reported with every round's
 * ratios).
 *
 * Two stacks in one run (infra/bench/README.md): `BASELINE_REF=<git ref>` starts a
 * second stack built from that ref (infra/bench/build-ref.sh: its own tree under /tmp, its own
 * npm install and build) beside the stack under test (this working tree, or `BENCH_REF`'s
 * tree), and `BASELINE_ENV` / `BENCH_ENV` (`NAME=value …`) give one stack's processes variables
 * of their own (tracing on: see otlp-sink.ts), and `BASELINE_NODE` / `BENCH_NODE` a Node binary of
 * their own (one tree on two runtimes). A ref may also be a directory holding a built tree.
 * Every read of the reads and edge suites is then measured on both, and on a bare server sending
 * each one's bytes, in BENCH_ROUNDS (4) rounds in alternating order (bare, stack, baseline, its
 * bare; then backwards): the machine's other load falls on both alike, and the spread of the
 * rounds shows how much of it there was.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { TransportIdentity } from '@upright/contracts';
import { startProcess, stopAll, type RunningProcess } from '../local/process-stack';
import { opsPort, portIn, stackProcess } from '../stack/manifest';
import { record, startBareServer, type Recorded } from './baseline';
import { benchEdge } from './edge';
import { benchMembers } from './members';
import { benchReads } from './reads';
import { benchSearch } from './search';
import { BENCH_BFF_ENV, benchTransportPrefix } from './stack';
import { OTLP_SINK_URL, startOtlpSink, type OtlpSink } from './otlp-sink';
import type { AgainstBaseline, Comparison, SuiteContext } from './suite';
import { benchWear } from './wear';
import { measure, type LoadFigures, type LoadRun } from './wrk';

const repoRoot = path.resolve(__dirname, '..', '..');
const resultsDir = path.join(__dirname, 'results');
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** The bench stack's BFF port; the other processes keep their `make up` offsets above it. */
const BENCH_BASE_PORT = 18080;
const BARE_PORT = 18099;
/** The baseline stack's block (the wear suite's young BFF has 18180's). */
const BASELINE_BASE_PORT = 18280;
const BASELINE_BARE_PORT = 18098;
const WITH_BASELINE = Boolean(
  process.env.BASELINE_REF || process.env.BASELINE_ENV || process.env.BASELINE_NODE,
);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? (WITH_BASELINE ? 4 : 1));
/**
 * The suites whose every comparison is a read anyone can repeat on another stack; the others
 * sign members up or start processes of the stack under test only.
 */
const BASELINE_SUITES = ['reads', 'edge'];

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
    if (WITH_BASELINE && !BASELINE_SUITES.includes(name)) {
      throw new Error(`with a baseline only ${BASELINE_SUITES} run, not ${name}`);
    }
  }
  const chosen = names.length > 0 ? names : WITH_BASELINE ? ['reads'] : Object.keys(SUITES);
  return Object.entries(SUITES).filter(([name]) => chosen.includes(name));
}

/** One stack of the run: where its built processes are and what they are given. */
interface Side {
  label: string;
  root: string;
  env: Record<string, string>;
  /** The Node binary its processes run on; ours when unset. */
  node?: string;
  basePort: number;
}

/** `NAME=value NAME=value` (a variable of the Makefile's) as variables. */
function variables(list: string | undefined): Record<string, string> {
  const pairs = (list ?? '').split(/\s+/).filter(Boolean);
  return Object.fromEntries(
    pairs.map((pair) => {
      const at = pair.indexOf('=');
      if (at < 1) throw new Error(`${pair}: expected NAME=value`);
      return [pair.slice(0, at), pair.slice(at + 1)];
    }),
  );
}

/** The built tree of `ref`: a directory given as is, else the ref built once under /tmp. */
function treeOf(ref: string): string {
  if (existsSync(path.join(ref, 'package.json'))) return path.resolve(ref);
  return execFileSync(path.join(__dirname, 'build-ref.sh'), [ref], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  }).trim();
}

function side(prefix: 'BENCH' | 'BASELINE', basePort: number): Side {
  const ref = process.env[`${prefix}_REF`];
  const env = variables(process.env[`${prefix}_ENV`]);
  const node = process.env[`${prefix}_NODE`] || undefined;
  const root = ref ? treeOf(ref) : repoRoot;
  const named = Object.keys(env).length > 0 ? ` with ${process.env[`${prefix}_ENV`]}` : '';
  const runtime = node ? ` on ${execFileSync(node, ['--version']).toString().trim()}` : '';
  return { label: `${ref ?? 'this working tree'}${named}${runtime}`, root, env, node, basePort };
}

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
};
/** Median (min–max) of the rounds whose ratio is a number (a side that answered nothing is not). */
const spread = (values: readonly number[]) => {
  const finite = values.filter(Number.isFinite);
  if (finite.length === 0) return 'no answers';
  const [low, high] = [Math.min(...finite), Math.max(...finite)];
  return `${median(finite).toFixed(2)} (${low.toFixed(2)}–${high.toFixed(2)})`;
};

/** The same status, headers and bytes: one bare server stands for both stacks. */
function sameAnswer(a: Recorded, b: Recorded): boolean {
  return (
    a.status === b.status &&
    a.body.equals(b.body) &&
    JSON.stringify(Object.entries(a.headers).sort()) ===
      JSON.stringify(Object.entries(b.headers).sort())
  );
}

/** Each comparison measured against the baseline, printed together at the end of the run. */
function printAgainstBaseline(stack: Side, baseline: Side, compared: Comparison[]): void {
  console.log(
    `\nStack under test (${stack.label}) against the baseline (${baseline.label}), same run: ` +
      `medians of ${ROUNDS} rounds (min–max)`,
  );
  const head = ['what'.padEnd(44), 'stack÷bare', 'baseline÷bare', 'stack÷baseline', 'p99 s÷b'];
  console.log(head.map((cell, i) => (i === 0 ? cell : cell.padStart(18))).join(' '));
  for (const c of compared) {
    const b = c.baseline!;
    console.log(
      [
        c.what.slice(0, 44).padEnd(44),
        spread(c.rounds!.map((round) => round.throughputRatio)).padStart(18),
        spread(b.throughputRatios).padStart(18),
        spread(b.throughputAgainstBaseline).padStart(18),
        spread(b.p99AgainstBaseline).padStart(18),
      ].join(' '),
    );
  }
  const perRead = compared.map((c) =>
    median(c.baseline!.throughputAgainstBaseline.filter(Number.isFinite)),
  );
  console.log(
    `All ${compared.length} reads, stack÷baseline throughput: median of the reads' medians ${spread(perRead)}`,
  );
}

async function main(): Promise<void> {
  const suites = selectedSuites();
  const underTest = side('BENCH', BENCH_BASE_PORT);
  const baselineSide = WITH_BASELINE ? side('BASELINE', BASELINE_BASE_PORT) : undefined;
  const redisUrl = requireEnv('REDIS_URL');
  const transport = { redisUrl, keyPrefix: benchTransportPrefix() };
  const processes: RunningProcess[] = [];
  const sinkAsked = [underTest, baselineSide].some(
    (one) => one?.env.OTEL_EXPORTER_OTLP_ENDPOINT === OTLP_SINK_URL,
  );
  const sink: OtlpSink | undefined = sinkAsked ? await startOtlpSink() : undefined;
  /** Starts a process of `of`'s tree, on its own transport prefix (the stacks never meet). */
  const startIn = async (
    of: Side,
    keyPrefix: string,
    name: TransportIdentity,
    env: Record<string, string>,
    basePort = of.basePort,
  ) => {
    const entry = path.relative(repoRoot, path.join(of.root, stackProcess(name).entry));
    const port = portIn(stackProcess(name), basePort);
    const started = await startProcess(
      name,
      entry,
      port,
      { REDIS_URL: redisUrl, TRANSPORT_PREFIX: keyPrefix, ...env, ...of.env },
      { node: of.node },
    );
    processes.push(started);
    return started;
  };
  /** rankings, reports and a BFF: what every read goes through. */
  const startStack = async (of: Side, keyPrefix: string) => {
    await startIn(of, keyPrefix, 'rankings', {
      DATABASE_URL: requireEnv('RANKINGS_DATABASE_URL'),
    });
    await startIn(of, keyPrefix, 'reports', {
      DATABASE_URL: requireEnv('REPORTS_DATABASE_URL'),
      QUEUE_PREFIX: `${keyPrefix}-queues`,
    });
    return startIn(of, keyPrefix, 'bff', BENCH_BFF_ENV);
  };
  const start = (name: TransportIdentity, env: Record<string, string>, basePort?: number) =>
    startIn(underTest, transport.keyPrefix, name, env, basePort);
  const againstBaseline: Comparison[] = [];
  try {
    const bff = await startStack(underTest, transport.keyPrefix);
    const baselineBff = baselineSide && (await startStack(baselineSide, benchTransportPrefix()));
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
        const other =
          baselineBff &&
          (await record(`${baselineBff.url}${load.path}`, {
            headers: load.headers,
            body: load.bodies?.[0],
          }));
        const compared = await measureRounds(answer, other, run, bff.url, baselineBff?.url);
        const comparison = { what, bytes: answer.body.length, ...compared };
        if (comparison.baseline) againstBaseline.push(comparison);
        return comparison;
      },
    };
    for (const [, suite] of suites) await suite(context);
    if (baselineSide) {
      printAgainstBaseline(underTest, baselineSide, againstBaseline);
      save('against-baseline', {
        stack: underTest.label,
        baseline: baselineSide.label,
        rounds: ROUNDS,
        comparisons: againstBaseline,
        otlpSink: sink?.received(),
      });
    }
    if (sink) {
      const { exports, bytes } = sink.received();
      console.log(`OTLP sink: ${exports} exports, ${bytes} bytes`);
    }
  } finally {
    await stopAll(processes);
    await sink?.stop();
  }
}

/**
 * One comparison in ROUNDS rounds: the bare server sending `answer`, the stack, and with a
 * baseline the baseline stack and a bare server sending its answer (the same server when the
 * answers are the same). Odd rounds go backwards, so neither side is always measured first.
 */
async function measureRounds(
  answer: Recorded,
  baselineAnswer: Recorded | undefined,
  run: Omit<LoadRun, 'url'> & { path: string },
  stackUrl: string,
  baselineUrl: string | undefined,
): Promise<Omit<Comparison, 'what' | 'bytes'>> {
  const bare = await startBareServer(answer, BARE_PORT);
  const ownBare =
    baselineAnswer && !sameAnswer(answer, baselineAnswer)
      ? await startBareServer(baselineAnswer, BASELINE_BARE_PORT)
      : undefined;
  type Target = 'bare' | 'stack' | 'baseline' | 'baselineBare';
  const urls: Array<[Target, string]> = [
    ['bare', bare.url],
    ['stack', stackUrl],
    ...(baselineUrl ? [['baseline', baselineUrl] as [Target, string]] : []),
    ...(ownBare ? [['baselineBare', ownBare.url] as [Target, string]] : []),
  ];
  const figures: Record<Target, LoadFigures[]> = {
    bare: [],
    stack: [],
    baseline: [],
    baselineBare: [],
  };
  try {
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? urls : [...urls].reverse();
      for (const [target, url] of order) {
        figures[target].push(await measure({ ...run, url: `${url}${run.path}` }));
      }
    }
  } finally {
    await bare.stop();
    await ownBare?.stop();
  }
  const ratios = (stack: LoadFigures[], base: LoadFigures[]) => ({
    throughput: stack.map((f, i) => f.requestsPerSecond / base[i].requestsPerSecond),
    p99: stack.map((f, i) => f.p99Ms / base[i].p99Ms),
  });
  const medianRound = (values: number[]) => values.indexOf(median(values));
  const own = ratios(figures.stack, figures.bare);
  const at = medianRound(own.throughput);
  const compared: Omit<Comparison, 'what' | 'bytes'> = {
    bare: figures.bare[at],
    stack: figures.stack[at],
    throughputRatio: own.throughput[at],
    p99Ratio: own.p99[at],
    ...(ROUNDS > 1
      ? {
          rounds: own.throughput.map((ratio, i) => ({
            throughputRatio: ratio,
            p99Ratio: own.p99[i],
          })),
        }
      : {}),
  };
  if (!baselineAnswer) return compared;
  const baselineBare = ownBare ? figures.baselineBare : figures.bare;
  const theirs = ratios(figures.baseline, baselineBare);
  const between = ratios(figures.stack, figures.baseline);
  const theirAt = medianRound(theirs.throughput);
  const baseline: AgainstBaseline = {
    bytes: baselineAnswer.body.length,
    bare: baselineBare[theirAt],
    stack: figures.baseline[theirAt],
    throughputRatios: theirs.throughput,
    p99Ratios: theirs.p99,
    throughputAgainstBaseline: between.throughput,
    p99AgainstBaseline: between.p99,
  };
  return { ...compared, baseline };
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
