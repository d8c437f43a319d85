/**
 * `make load-crowd`: the production mix of the k6 journeys (JOURNEY_MIX, run by
 * crowd-worker.ts in worker threads, without think time) against a replicated stack of its own
 * (infra/chaos/stack.ts: two replicas of every service, private PostgreSQL, Redis and ports),
 * through the ingress production puts in front of the BFFs, with the chart's limits (ingress.ts,
 * decision 0076):
 *
 * 1. a closed population of CROWD_CLIENTS (1,000) clients (arriving over its first second) for
 *    the run's duration, through one warm BFF (it served 5 s of the mix at 20 iterations/s
 *    first, not counted); the second BFF is started cold at 20 % of it and joins the ingress's
 *    pods once ready; at 60 % a data change is imported (`make import`'s path, rankings'
 *    importer, a copy of the sample data with one score moved) and each BFF is asked for the
 *    changed ranking until its ETag moves;
 * 2. an open arrival rate over both BFFs, stepped (doubling, then bisecting) to find the highest
 *    rate whose successes' p99 ≤ 500 ms with no error, timeout or shed answer.
 *
 * Prints per journey req/s, p50/p95/p99 of successes, shed (503) share, timeouts and other
 * errors; the closed run second by second beside the generators' own load in each second and
 * the BFFs' own account of it (their sheds by lane; edge-readings.ts); where the machine's CPU
 * went over the closed run (cpu-split.ts); per BFF replica (by the pod the ingress names) and
 * for the ingress's own refusals the error and shed shares; the kept public reads' refusals; the
 * warm replica's kept reads before and after the crowd (kept-reads.ts); the time until every
 * replica served the new data; the capacity; the issue's acceptance verdicts (exit 99 when one
 * is crossed, as k6).
 * Options: --duration=<s> (closed run, default 30), --quick (20 s and short steps).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, getPriority } from 'node:os';
import path from 'node:path';
import { startBareServer } from '../bench/baseline';
import { measure } from '../bench/wrk';
import { ReplicatedStack, type Replica } from '../chaos/stack';
import { opsPort } from '../stack/manifest';
import { JOURNEY_MIX } from '../k6/lib/journeys';
import {
  answeredWindowSeconds,
  capacity,
  crowdFigures,
  crowdFiguresBy,
  replicaSheddingBySecond,
  type ReplicaSecond,
  crowdVerdicts,
  generatorLoadBySecond,
  holdsBar,
  nextRate,
  keptReadRefusals,
  type CrowdFigures,
  type GeneratorLoad,
  type Step,
} from './crowd-figures';
import {
  clockTicksPerSecond,
  cpuSplit,
  describeCpuSplit,
  snapshot,
  type Accounted,
  type CpuSplit,
} from './cpu-split';
import {
  anyShed,
  caughtUp,
  describeSheds,
  edgeBySecond,
  parseEdgeMetrics,
  parseVersionMove,
  shedBetween,
  type EdgeMetrics,
  type EdgeReading,
} from './edge-readings';
import { errorBreakdown, percentile } from './figures';
import { signUpMembers } from './members';
import { Generators } from './generators';
import { CrowdIngress, POD_HEADER } from './ingress';
import { measureKeptReads, usedAgainstYoung } from './kept-reads';
import type { GeneratorSample } from './crowd-worker';

const ROOT = path.resolve(__dirname, '..', '..');
const RESULTS = path.join(ROOT, '.local', 'load');
const SAMPLE_FILE = path.join(ROOT, 'services', 'rankings', 'data', 'sample.json');

function option(name: string): string | undefined {
  const prefix = `--${name}=`;
  return process.argv.find((arg) => arg.startsWith(prefix))?.slice(prefix.length);
}
const quick = process.argv.includes('--quick');
const settings = {
  seconds: Number(option('duration') ?? (quick ? 20 : 30)),
  clients: Number(process.env.CROWD_CLIENTS ?? 1000),
  /**
   * Two generator threads: one thread's client costs ~54 µs of CPU per request
   * (infra/load/client-cost.ts), but the journeys also parse the answers they read (an industry's
   * ranking is tens of kilobytes), and one thread ran ~85 % busy at 600 req/s; a busy event loop
   * reads answers late, and its own delay would be counted as the stack's. Each thread's busy
   * share is printed with the figures.
   */
  generators: 2,
  members: 10,
  /**
   * The crowd arrives over its first second, as k6's ramping VUs do, rather than in one
   * millisecond: 1,000 first requests sent at once would measure a burst no site meets.
   */
  rampSeconds: 1,
  /** Iterations per second and seconds of the warm BFF's use before the crowd. */
  warmUpRate: 20,
  warmUpSeconds: 5,
  stepSeconds: quick ? 4 : 10,
  // From 20: 40, 80, 160, then halving the gap between the last rate held and the first failed.
  maxSteps: quick ? 6 : 8,
  startRate: Number(process.env.CROWD_START_RATE ?? 20),
};

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The crowd's ports: the stack's from 19280 to 19311, its ingress's, the bare servers'. */
const STACK_BASE_PORT = 19280;
const INGRESS_PORT = 19320;
const BARE_PORT = 19279;

interface DataChange {
  file: string;
  /** The ranking whose answer the change moves. */
  probePath: string;
}

/**
 * A copy of the sample data with one company's latest climate score moved, in an industry ranked
 * on climate: a real data change of that industry's ranking.
 */
function dataChange(): DataChange {
  const data = JSON.parse(readFileSync(SAMPLE_FILE, 'utf8')) as {
    industries: Array<{ industry: string; industry_values: string[] }>;
    companies: Array<{ upright_cid: string; industry: string }>;
    scores: Array<{
      upright_cid: string;
      period_year: number;
      period_qrt: number;
      climate_score: number | null;
    }>;
  };
  const onClimate = new Set(
    data.industries
      .filter((row) => row.industry_values.includes('climate'))
      .map((row) => row.industry),
  );
  const company = data.companies.find((row) => onClimate.has(row.industry))!;
  const latest = data.scores
    .filter((row) => row.upright_cid === company.upright_cid && row.climate_score !== null)
    .sort((a, b) => b.period_year - a.period_year || b.period_qrt - a.period_qrt)[0];
  latest.climate_score = Math.round(((latest.climate_score as number) + 17.3) * 10) / 10;
  mkdirSync(RESULTS, { recursive: true });
  const file = path.join(RESULTS, 'crowd-import.json');
  writeFileSync(file, JSON.stringify(data));
  return { file, probePath: `/api/companies/us/${encodeURIComponent(company.industry)}` };
}

/** The ranking's ETag when the answer is 2xx; the status says why not otherwise (0: none). */
async function etag(url: string): Promise<{ status: number; etag?: string }> {
  try {
    const answer = await fetch(url, { signal: AbortSignal.timeout(2000) });
    await answer.arrayBuffer();
    const tag = answer.ok ? (answer.headers.get('etag') ?? undefined) : undefined;
    return { status: answer.status, etag: tag };
  } catch {
    return { status: 0 };
  }
}

/**
 * The ranking's ETag, asked again every 250 ms for at most 10 s until it is answered 2xx: under
 * the crowd one ask may be shed, and the import's watch needs the old data's ETag to see it move.
 */
async function settledEtag(url: string): Promise<{ status: number; etag?: string }> {
  const until = performance.now() + 10_000;
  for (;;) {
    const answer = await etag(url);
    if (answer.etag !== undefined || performance.now() >= until) return answer;
    await pause(250);
  }
}

/** The last version move a BFF applied, by its own account, or undefined when it gave none. */
async function versionMoveOf(bff: string) {
  const text = await bffMetrics(Number(new URL(bff).port), 5000);
  return text === undefined ? undefined : parseVersionMove(text);
}

/**
 * Imports the change; resolves with ms from the import's end until each BFF answered the ranking
 * with another ETag than the old data's (the same bytes make the same ETag on every replica), and
 * with each BFF's own account of when it applied the change: the ETag's time is when a probe's
 * answer came back, its wait in a replica busy with the crowd included; the replica's account is
 * from the change's announcement to its kept answers dropping the old bytes (the second of
 * docs/product/rules.md#s11).
 */
async function importAndWatch(stack: ReplicatedStack, change: DataChange) {
  const bffs = stack.liveBffUrls();
  const before = await Promise.all(bffs.map((bff) => settledEtag(`${bff}${change.probePath}`)));
  const old = before.find((answer) => answer.etag !== undefined)?.etag;
  const importStart = Date.now();
  const printed = await stack.importInto('rankings', change.file);
  const imported = performance.now();
  for (const line of printed.split('\n').filter((text) => /warning|changed|Nothing/i.test(text))) {
    console.log(`[crowd] import: ${line.trim()}`);
  }
  const seenAfter: Array<number | undefined> = bffs.map(() => undefined);
  const lastStatus = bffs.map(() => 0);
  while (
    old !== undefined &&
    performance.now() - imported < 30_000 &&
    seenAfter.includes(undefined)
  ) {
    await Promise.all(
      bffs.map(async (bff, i) => {
        if (seenAfter[i] !== undefined) return;
        const now = await etag(`${bff}${change.probePath}`);
        lastStatus[i] = now.status;
        if (now.etag !== undefined && now.etag !== old) {
          seenAfter[i] = performance.now() - imported;
        }
      }),
    );
    await pause(50);
  }
  const moves = await Promise.all(bffs.map(versionMoveOf));
  /** Each replica's lag in applying the import's move (not one it applied before the import). */
  const appliedMs = moves.map((move) =>
    move !== undefined && move.appliedAtMs >= importStart ? move.lagSeconds * 1000 : undefined,
  );
  return {
    oldDataSeen: old !== undefined,
    perReplica: Object.fromEntries(
      bffs.map((bff, i) => [
        bff,
        { ms: seenAfter[i], lastStatus: lastStatus[i], appliedMs: appliedMs[i] },
      ]),
    ),
    all: seenAfter.includes(undefined) ? undefined : Math.max(...(seenAfter as number[])),
    applied:
      seenAfter.includes(undefined) || appliedMs.includes(undefined)
        ? undefined
        : Math.max(...(appliedMs as number[])),
  };
}

const columns = [
  ['requests', 9],
  ['req/s', 8],
  ['p50 ms', 8],
  ['p95 ms', 8],
  ['p99 ms', 8],
  ['shed %', 7],
  ['timeouts', 9],
  ['504', 6],
  ['other err', 10],
] as const;
const HEADER = `${'what'.padEnd(40)}${columns.map(([name, width]) => name.padStart(width)).join('')}`;

function row(label: string, f: CrowdFigures): string {
  const cells = [
    f.requests,
    f.rate.toFixed(1),
    f.p50.toFixed(0),
    f.p95.toFixed(0),
    f.p99.toFixed(0),
    (f.shedShare * 100).toFixed(1),
    f.timeouts,
    f.gatewayTimeouts,
    f.otherErrors,
  ];
  return `${label.padEnd(40)}${cells.map((cell, i) => String(cell).padStart(columns[i][1])).join('')}`;
}

const percent = (share: number) => `${(share * 100).toFixed(0)} %`;

/**
 * How busy the generator was and how late its event loop ran: near 100 %, its own delays are in
 * the figures, and a second's delay was added to every answer it read in that second.
 */
function generatorLoad(loads: readonly GeneratorLoad[]): string {
  if (loads.length === 0) return 'generator event loop: no report';
  const busy = loads.map((load) => load.busy);
  const mean = busy.reduce((sum, share) => sum + share, 0) / busy.length;
  const late = loads.map((load) => load.lateMs).sort((a, b) => a - b);
  const priorities = [...new Set(loads.map((load) => load.priority))].join(', ');
  return (
    `generator event loop busy: mean ${percent(mean)}, max ${percent(Math.max(...busy))} of each second; ` +
    `its delay (p99 of each second): median ${percentile(late, 50).toFixed(0)} ms, max ${percentile(late, 100).toFixed(0)} ms; ` +
    `CPU priority ${priorities} (the stack ${getPriority()})`
  );
}

/** A BFF's metrics (its operations port), or undefined when not read within `timeoutMs`. */
async function bffMetrics(port: number, timeoutMs: number): Promise<string | undefined> {
  try {
    const answer = await fetch(`http://127.0.0.1:${opsPort(port)}/metrics`, {
      signal: AbortSignal.timeout(timeoutMs),
    });
    return await answer.text();
  } catch {
    return undefined;
  }
}

/** A BFF's edge metrics now, or undefined when not read within the second. */
async function readEdge(replica: Replica): Promise<EdgeMetrics | undefined> {
  const text = await bffMetrics(replica.port, 900);
  return text === undefined ? undefined : parseEdgeMetrics(text);
}

/**
 * Reads every running BFF's edge metrics about once a second until `stop`: the BFFs' own account
 * of each second beside the clients' (edge-readings.ts). A reading that does not come within the
 * second is skipped.
 */
function readEdges(bffs: () => Replica[]): { readings: EdgeReading[]; stop: () => Promise<void> } {
  const readings: EdgeReading[] = [];
  let reading = true;
  const loop = (async () => {
    while (reading) {
      const next = pause(1000);
      await Promise.all(
        bffs()
          .filter((replica) => replica.running)
          .map(async (replica) => {
            const metrics = await readEdge(replica);
            // Not read within the second (or not up yet): this second has no reading of it.
            if (metrics) readings.push({ at: Date.now(), replica: replica.url, ...metrics });
          }),
      );
      await next;
    }
  })();
  return {
    readings,
    stop: async () => {
      reading = false;
      await loop;
    },
  };
}

/** The longest wait for the stack to catch up with the crowd before the open steps. */
const SETTLE_MAX_MS = 60_000;

/**
 * The machine's busy cores under which the crowd's after-work is over (the mail of its sign-ups
 * sent, the import's search documents indexed, PostgreSQL's writes flushed): the idle stack's
 * 13 processes, with their heartbeats and queue polls, PostgreSQL and Redis, kept 0.35–0.48 of
 * this machine's 2 cores busy.
 */
const QUIET_MACHINE_CORES = 0.5;

/**
 * Waits until the stack has caught up with the closed run, at most SETTLE_MAX_MS, and says how
 * long that took: every running BFF quiet (`caughtUp`, readings 500 ms apart) and the machine as
 * busy as the idle stack over the same half second. The open steps then measure the stack, not
 * the crowd's wake: measured in it, their first step failed at 20 iterations a second and the
 * capacity came out at 17.5, when a run with a quiet start found 55–70.
 */
async function settle(bffs: Replica[], accounted: readonly Accounted[]): Promise<void> {
  const started = Date.now();
  const running = bffs.filter((replica) => replica.running);
  const hz = clockTicksPerSecond();
  const pids = accounted.map(({ pid }) => pid);
  let previous = await Promise.all(running.map(readEdge));
  let cpuBefore = snapshot(pids);
  let split: CpuSplit | undefined;
  while (Date.now() - started < SETTLE_MAX_MS) {
    await pause(500);
    const current = await Promise.all(running.map(readEdge));
    const cpuAfter = snapshot(pids);
    split =
      cpuBefore && cpuAfter
        ? cpuSplit(cpuBefore, cpuAfter, accounted, availableParallelism(), hz)
        : undefined;
    const quiet =
      (split?.machine.cores ?? 0) <= QUIET_MACHINE_CORES &&
      current.every((after, index) => {
        const before = previous[index];
        return before !== undefined && after !== undefined && caughtUp(before, after);
      });
    if (quiet) {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(`(the stack had caught up with the crowd ${seconds} s after it)`);
      return;
    }
    previous = current;
    cpuBefore = cpuAfter;
  }
  console.log(
    `(the stack had not caught up with the crowd ${SETTLE_MAX_MS / 1000} s after it; the open steps start anyway. ${split ? `Its last half second: ${describeCpuSplit(split)}` : ''})`,
  );
}

/**
 * The closed run second by second (by when each request was sent), with the events marked: where
 * the tail of the whole run's latency comes from (a cold start, an import, a steady queue). Each
 * second also shows the generators' own load in it (the busiest thread's busy share and the
 * latest one's delay): a second whose generator ran late by hundreds of milliseconds measured
 * the generator as much as the stack. Then the BFFs' own account of it: the requests each lane
 * of their admission shed (omitted for a second in which no BFF was read).
 */
function printTimeline(
  samples: readonly GeneratorSample[],
  begin: number,
  marks: ReadonlyArray<[number, string]>,
  loads: readonly GeneratorLoad[],
  edges: readonly EdgeReading[],
): void {
  console.log(
    '\nSecond by second (requests sent in it; "sheds took": the 503s\' median/99th percentile; ' +
      '"generator": busiest thread, latest loop; ' +
      '"BFFs": the requests their admission\'s lanes shed, fresh / password)',
  );
  console.log(HEADER);
  const second = (ms: number) => Math.floor(ms / 1000);
  const bySecond = crowdFiguresBy(samples, 1, (s) => String(second((s.at ?? 0) - begin)));
  const ownLoad = generatorLoadBySecond(loads, begin);
  const edge = edgeBySecond(edges, begin);
  for (const [at, figures] of bySecond.sort(([a], [b]) => Number(a) - Number(b))) {
    const own = ownLoad.get(Number(at));
    const generator =
      own === undefined
        ? ''
        : `   generator ${percent(own.busy)}, ${own.lateMs.toFixed(0)} ms late`;
    const bffs = edge.get(Number(at));
    const told = bffs === undefined ? '' : `   BFFs shed ${describeSheds(bffs)}`;
    const sheds =
      figures.shedShare === 0
        ? ''
        : `   sheds took ${figures.shedP50Ms.toFixed(0)}/${figures.shedP99Ms.toFixed(0)} ms`;
    const events = marks.filter(([ms]) => second(ms) === Number(at)).map(([, what]) => what);
    console.log(
      `${row(`${at} s`, figures)}${sheds}${generator}${told}${events.length > 0 ? `   ← ${events.join(', ')}` : ''}`,
    );
  }
}

/** The warm and the cold replica's shed share, second by second from the cold one's first request. */
function printReplicaSheddingBySecond(
  seconds: readonly ReplicaSecond[],
  warmUrl: string,
  coldUrl: string,
): void {
  const cell = (figures: { requests: number; shedShare: number } | undefined) =>
    figures === undefined || figures.requests === 0
      ? '—'
      : `${percent(figures.shedShare)} of ${figures.requests}`;
  console.log('Shed share by second from then on, warm | cold:');
  console.log(
    seconds
      .map(({ second, byTarget }) => {
        const warm = cell(byTarget.get(warmUrl));
        return `  ${String(second).padStart(2)} s  ${warm.padEnd(14)} | ${cell(byTarget.get(coldUrl))}`;
      })
      .join('\n'),
  );
}

/**
 * This process (its generator threads included) and the stack's running processes, by name: the
 * generator's share of the cores is the stack's loss (cpu-split.ts).
 */
function accountedProcesses(stack: ReplicatedStack): Accounted[] {
  // The BFFs by port: the warm and the cold one's cores are told apart.
  const replicas = stack.replicas.flatMap(({ name, running }) =>
    running?.child.pid === undefined
      ? []
      : [
          {
            label: name === 'bff' ? `bff :${new URL(running.url).port}` : name,
            pid: running.child.pid,
          },
        ],
  );
  return [{ label: 'generator', pid: process.pid }, ...replicas];
}

/** Where the young BFF started beside the warm one after the crowd listens (operations: + 9). */
const YOUNG_BFF_PORT = 19350;
/** Seconds of the production mix the young BFF serves before the pairs, as the wear bench gives. */
const YOUNG_USE_SECONDS = 15;

/**
 * The warm BFF's kept reads against a young BFF's in the same minute (kept-reads.ts): a new
 * replica started beside it on the same stack, given the production mix for YOUNG_USE_SECONDS
 * at the warm-up's rate (compiled code is specialised on what a process has run; decision 0062),
 * then stopped. It never joins the ingress.
 */
async function againstYoungBff(
  stack: ReplicatedStack,
  generators: Generators,
  members: Awaited<ReturnType<typeof signUpMembers>>,
  warm: { url: string; pid: number },
) {
  const young: Replica = {
    name: 'bff',
    replica: stack.bffs().length,
    port: YOUNG_BFF_PORT,
    host: '127.0.0.1',
    url: `http://127.0.0.1:${YOUNG_BFF_PORT}`,
  };
  stack.replicas.push(young);
  try {
    await stack.startReplica(young);
    const pid = young.running?.child.pid;
    if (pid === undefined) throw new Error('the young BFF did not start');
    await generators.run({
      mode: 'open',
      amount: settings.warmUpRate,
      seconds: YOUNG_USE_SECONDS,
      shares: JOURNEY_MIX,
      members,
      targets: [young.url],
      failover: false,
    });
    return await usedAgainstYoung(warm, { url: young.url, pid });
  } finally {
    await stack.terminate(young);
    stack.replicas.splice(stack.replicas.indexOf(young), 1);
  }
}

/**
 * What this host does with a bare node:http server answering 1 KB of JSON (wrk, 50 connections,
 * before the stack starts): the crowd's figures are in milliseconds and requests a second, and
 * hosts of one kind differed by 2–3× between two sessions of one day. Runs are compared by this.
 */
async function hostBaseline(): Promise<number> {
  const body = Buffer.from(JSON.stringify({ filler: 'x'.repeat(1000) }));
  const answer = { status: 200, headers: { 'content-type': 'application/json' }, body };
  const bare = await startBareServer(answer, BARE_PORT);
  try {
    const figures = await measure({ url: `${bare.url}/`, connections: 50, seconds: 3 });
    return figures.requestsPerSecond;
  } finally {
    await bare.stop();
  }
}

async function main(): Promise<number> {
  const baselineRps = await hostBaseline();
  console.log(
    `[crowd] this host: a bare node:http server answers ${baselineRps.toFixed(0)} req/s (1 KB, wrk, 50 connections)`,
  );
  const stack = new ReplicatedStack({
    tag: 'crowd',
    basePort: STACK_BASE_PORT,
    replicas: 2,
    bffsAtStart: 1,
  });
  stack.stopOnSignal();
  const generators = new Generators(settings.generators);
  let ingress: CrowdIngress | undefined;
  try {
    console.log('[crowd] starting two replicas of every service and one BFF (ports 19280–19311)');
    await stack.start();
    ingress = new CrowdIngress(stack, INGRESS_PORT);
    await ingress.start();
    console.log(
      `[crowd] the chart's ingress (nginx, values-local-production.yaml, plain HTTP) on ${ingress.url}: ${ingress.describeLimits()}`,
    );
    const [warmUrl] = stack.liveBffUrls();
    const cold = stack.bffs()[1];
    const members = await signUpMembers(warmUrl, settings.members, 'crowd');
    const change = dataChange();
    /** Every run's requests go through the ingress, and their samples name the pod that answered. */
    const throughIngress = { targets: [ingress.url], podHeader: POD_HEADER, failover: false };
    // The warm replica is one that has served visitors before the crowd arrives (as a site's
    // running replicas have); the cold one starts mid-run with nothing served.
    const warmUp = await generators.run({
      mode: 'open',
      amount: settings.warmUpRate,
      seconds: settings.warmUpSeconds,
      shares: JOURNEY_MIX,
      members,
      ...throughIngress,
    });
    console.log(
      `[crowd] warm-up: ${warmUp.length} requests to the warm BFF in ${settings.warmUpSeconds} s (not counted)`,
    );
    const warmPid = stack.bffs()[0].running?.child.pid;
    if (warmPid === undefined) throw new Error('the warm BFF is not running');
    const warm = { url: warmUrl, pid: warmPid };
    const keptBefore = await measureKeptReads(warm, BARE_PORT);
    console.log(
      `[crowd] the warm BFF's kept reads before the crowd: ${keptBefore.cpuMicrosPerAnswer.toFixed(1)} µs of its CPU an answer, ${keptBefore.toBare.toFixed(2)}× a bare server's throughput`,
    );
    console.log(
      `[crowd] closed population: ${settings.clients} clients (arriving over ${settings.rampSeconds} s) for ${settings.seconds} s, ` +
        `${members.length} members; cold BFF at ${(settings.seconds * 0.2).toFixed(0)} s, import at ${(settings.seconds * 0.6).toFixed(0)} s`,
    );
    const begin = Date.now();
    const cpuBefore = snapshot(accountedProcesses(stack).map(({ pid }) => pid));
    const edges = readEdges(() => stack.bffs());
    const closedRun = generators.run({
      mode: 'closed',
      amount: settings.clients,
      rampSeconds: settings.rampSeconds,
      seconds: settings.seconds,
      shares: JOURNEY_MIX,
      members,
      ...throughIngress,
    });
    /** When each event began, in ms since the run's start (the timeline marks them). */
    const marks: Array<[number, string]> = [];
    const events = (async () => {
      await pause(settings.seconds * 200);
      const coldStart = performance.now();
      marks.push([Date.now() - begin, 'cold BFF starting']);
      await stack.startReplica(cold);
      const coldReadyMs = performance.now() - coldStart;
      marks.push([Date.now() - begin, 'cold BFF ready']);
      await ingress!.follow();
      await pause(Math.max(0, begin + settings.seconds * 600 - Date.now()));
      marks.push([Date.now() - begin, 'import']);
      const fresh = await importAndWatch(stack, change);
      return { coldReadyMs, fresh };
    })();
    const samples = await closedRun;
    const accounted = accountedProcesses(stack);
    const cpuAfter = snapshot(accounted.map(({ pid }) => pid));
    const cpu =
      cpuBefore && cpuAfter
        ? cpuSplit(cpuBefore, cpuAfter, accounted, availableParallelism(), clockTicksPerSecond())
        : undefined;
    const seconds = answeredWindowSeconds(samples, begin);
    await edges.stop();
    const { coldReadyMs, fresh } = await events;

    console.log(
      `\nClosed population (${settings.clients} clients, no think time), answers over ${seconds.toFixed(1)} s`,
    );
    console.log(HEADER);
    for (const [journey, figures] of crowdFiguresBy(samples, seconds, (s) => s.journey)) {
      console.log(row(journey, figures));
    }
    const closed = crowdFigures(samples, seconds);
    console.log(row('all', closed));
    console.log(generatorLoad(generators.loads));
    console.log(cpu ? describeCpuSplit(cpu) : 'CPU split: not measured (no /proc on this system)');
    const failures = Object.entries(errorBreakdown(samples)).sort((a, b) => b[1] - a[1]);
    if (failures.length > 0) {
      console.log(
        `Failures (step status: count): ${failures
          .slice(0, 10)
          .map(([key, count]) => `${key}: ${count}`)
          .join(', ')}`,
      );
    }
    printOtherErrors(samples);
    printTimeline(samples, begin, marks, generators.loads, edges.readings);
    // Compared over the same window: from the cold replica's first request on.
    const coldSince = Math.min(
      ...samples.filter((s) => s.target === cold.url).map((s) => s.at ?? Infinity),
    );
    const together = samples.filter((s) => (s.at ?? 0) >= coldSince);
    const togetherSeconds = Math.max(0, (begin + seconds * 1000 - coldSince) / 1000);
    console.log(
      `\nPer BFF replica, from the cold one's first request on (it was ready ${(coldReadyMs / 1000).toFixed(1)} s after its start)`,
    );
    const byReplica = new Map(crowdFiguresBy(together, togetherSeconds, (s) => s.target ?? '?'));
    const replicaLabel = (target: string) =>
      target === warmUrl
        ? `warm ${target}`
        : target === cold.url
          ? `cold ${target}`
          : `refused by the ingress (no pod)`;
    for (const [target, figures] of byReplica) {
      console.log(
        `${row(replicaLabel(target), figures)}   errors ${(figures.errorShare * 100).toFixed(1)} %`,
      );
    }
    const replicaSeconds = replicaSheddingBySecond(together, coldSince, [warmUrl, cold.url]);
    printReplicaSheddingBySecond(replicaSeconds, warmUrl, cold.url);
    console.log(
      '\nAfter the import, per replica: its first new answer (ms from the import’s end, the probe’s own wait in the crowd included) and, by its own account, when it applied the change (ms from the announcement)',
    );
    if (!fresh.oldDataSeen) console.log('  no replica answered the ranking before the import');
    for (const [bff, { ms, lastStatus, appliedMs }] of Object.entries(fresh.perReplica)) {
      const seen = ms === undefined ? `not within 30 s (last status ${lastStatus})` : ms.toFixed(0);
      const applied = appliedMs === undefined ? 'no account of it' : appliedMs.toFixed(0);
      console.log(`  ${bff}: first new answer ${seen}; applied ${applied}`);
    }

    const kept = keptReadRefusals(samples);
    console.log(
      `\nKept public reads (${kept.steps.join(', ')}): ${kept.refused} of ${kept.requests} refused (${(kept.share * 100).toFixed(2)} %)`,
    );
    console.log(
      `Refusals' p95 ${closed.shedP95Ms.toFixed(0)} ms, successes' p95 ${closed.p95.toFixed(0)} ms (the closed run)`,
    );

    console.log(`\nOpen arrival rate over both BFFs, ${settings.stepSeconds} s per step`);
    await settle(stack.bffs(), accountedProcesses(stack));
    const keptAfter = await measureKeptReads(warm, BARE_PORT);
    console.log(
      `(the warm BFF's kept reads after the crowd: ${keptAfter.cpuMicrosPerAnswer.toFixed(1)} µs of its CPU an answer, ` +
        `${(keptBefore.cpuMicrosPerAnswer / keptAfter.cpuMicrosPerAnswer).toFixed(2)}× as fast as before; ` +
        `${keptAfter.toBare.toFixed(2)}× a bare server's throughput, ${(keptAfter.toBare / keptBefore.toBare).toFixed(2)}× before)`,
    );
    const beside = await againstYoungBff(stack, generators, members, warm);
    const keptAfterRatio = beside.cpu;
    console.log(
      `(beside a young BFF given ${YOUNG_USE_SECONDS} s of the mix, the same minute: the warm one's CPU an answer ` +
        `${beside.cpu.toFixed(2)}× as cheap as the young one's, its throughput ${beside.throughput.toFixed(2)}×)`,
    );
    console.log(HEADER);
    const steps: Array<Step & { figures: CrowdFigures }> = [];
    for (
      let rate = nextRate(steps, settings.startRate, settings.maxSteps);
      rate !== undefined;
      rate = nextRate(steps, settings.startRate, settings.maxSteps)
    ) {
      const started = Date.now();
      const edgesBefore = await Promise.all(stack.bffs().map(readEdge));
      const stepSamples = await generators.run({
        mode: 'open',
        amount: rate,
        seconds: settings.stepSeconds,
        shares: JOURNEY_MIX,
        members,
        ...throughIngress,
      });
      const figures = crowdFigures(stepSamples, (Date.now() - started) / 1000);
      const passed = holdsBar(figures);
      steps.push({ rate, passed, figures });
      console.log(`${row(`${rate} iterations/s ${passed ? 'holds' : 'fails'}`, figures)}`);
      console.log(`  ${generatorLoad(generators.loads)}`);
      const sheds = shedBetween(edgesBefore, await Promise.all(stack.bffs().map(readEdge)));
      if (anyShed(sheds)) console.log(`  BFFs shed ${describeSheds(sheds)}`);
      const failures = Object.entries(errorBreakdown(stepSamples)).sort((a, b) => b[1] - a[1]);
      if (failures.length > 0) {
        console.log(
          `  ${failures
            .slice(0, 4)
            .map(([key, count]) => `${key}: ${count}`)
            .join(', ')}`,
        );
      }
    }
    const found = capacity(steps);
    console.log(
      `\nCapacity: ${found > 0 ? `${found} iterations/s` : 'no step held'} (p99 ≤ 500 ms, no error, nothing shed)`,
    );

    const verdicts = crowdVerdicts({
      closed,
      warm: byReplica.get(warmUrl) ?? crowdFigures(samples, seconds),
      cold: byReplica.get(cold.url),
      freshAfterMs: fresh.applied,
      kept,
      keptAfterRatio,
    });
    console.log('\nAcceptance');
    for (const verdict of verdicts) {
      console.log(`  ${verdict.ok ? '✓' : '✗'} ${verdict.what.padEnd(72)} ${verdict.measured}`);
    }
    writeFileSync(
      path.join(RESULTS, 'crowd.json'),
      JSON.stringify(
        {
          at: new Date().toISOString(),
          settings,
          hostBaselineRps: baselineRps,
          closed: {
            seconds,
            all: closed,
            journeys: Object.fromEntries(crowdFiguresBy(samples, seconds, (s) => s.journey)),
            replicas: Object.fromEntries(byReplica),
            replicasBySecond: replicaSeconds.map(({ second, byTarget }) => ({
              second,
              ...Object.fromEntries(byTarget),
            })),
            coldReadyMs,
            fresh,
            cpu,
            kept,
          },
          keptReads: { before: keptBefore, after: keptAfter, beside },
          open: steps,
          capacity: found,
          verdicts,
        },
        null,
        2,
      ),
    );
    return verdicts.every((verdict) => verdict.ok) ? 0 : 99;
  } finally {
    await generators.close();
    await ingress?.stop();
    await stack.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);

/** Failures other than shedding, by step and status, each with one answer as an example. */
function printOtherErrors(samples: readonly GeneratorSample[]): void {
  const examples = new Map<string, { count: number; what?: string }>();
  for (const sample of samples) {
    if (sample.ok || sample.status === 503) continue;
    const key = `${sample.step} ${sample.status || 'no answer'}`;
    const seen = examples.get(key) ?? { count: 0, what: sample.what };
    seen.count += 1;
    examples.set(key, seen);
  }
  for (const [key, { count, what }] of [...examples].sort((a, b) => b[1].count - a[1].count)) {
    console.log(`  other error ${key}: ${count}${what ? ` — e.g. ${what}` : ''}`);
  }
}
