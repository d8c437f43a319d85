import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { preparePrivateDatabase } from '../../../infra/local/private-database';
import {
  runToEnd,
  startMaildev,
  startProcess,
  stopAll,
  stopProcess,
  type RunningProcess,
} from '../../../infra/local/process-stack';
import { portIn, STACK, stackProcess } from '../../../infra/stack/manifest';

const repoRoot = path.resolve(__dirname, '..', '..', '..');

export interface RunningStack {
  baseUrl: string;
  transportPrefix: string;
  /** Processes that did not become ready, with why (the journeys needing them then fail). */
  notStarted: string[];
  /** The process id of the stack's process `name` (a service of the manifest), if it runs. */
  pidOf(name: string): number | undefined;
  stop(): Promise<void>;
}

/** Runs one start-up step; a failure is noted rather than thrown, so the journeys that do not
 * need the missing process still run and the others say what was missing. */
async function noting<T>(notStarted: string[], step: () => Promise<T>): Promise<T | undefined> {
  try {
    return await step();
  } catch (error) {
    notStarted.push((error as Error).message);
    return undefined;
  }
}

/**
 * The whole built stack on private ports with a unique transport and queue prefix, so a run
 * never meets another run's messages or jobs, on a database of its own (`upright_e2e`, or
 * E2E_DATABASE_NAME for a second run on the same machine; sample data loaded) so the members the
 * journeys create never reach the `make up` database. The BFF
 * serves the built web app.
 */
/**
 * A base port for a private stack (its processes take the next ten). Below the kernel's ephemeral
 * range (32768 and up, /proc/sys/net/ipv4/ip_local_port_range): there, any outgoing connection
 * of the machine may already hold the port, and a process of the stack fails to listen.
 */
export function privateStackBasePort(): number {
  return 21_000 + Math.floor(Math.random() * 1_100) * 10;
}

/** The variables every process of a stack on `basePort` with this prefix gets. */
function stackEnv(basePort: number, transportPrefix: string): Record<string, string> {
  return {
    LOG_LEVEL: 'warn',
    NODE_ENV: 'test',
    HTTP_HOST: '127.0.0.1',
    TRANSPORT_PREFIX: transportPrefix,
    QUEUE_PREFIX: transportPrefix,
    WEB_DIST_DIR: path.join(repoRoot, 'web', 'dist'),
    PUBLIC_URL: `http://127.0.0.1:${basePort}`,
    // One browser on one address walks every route and signs up in many journeys: the
    // per-client budgets are tested over HTTP (bff/test/api-rate-limit.int-spec.ts,
    // infra/tests/system/anti-automation.int-spec.ts), not here.
    RATE_LIMIT_API: '100000/60',
    RATE_LIMIT_SIGNUP: '100/600',
    RATE_LIMIT_SIGNIN: '100/60',
    RATE_LIMIT_KEYED_WRITES: '1000/600',
  };
}

export async function startStack(basePort: number): Promise<RunningStack> {
  const transportPrefix = `e2e-${randomUUID().slice(0, 8)}`;
  const shared = stackEnv(basePort, transportPrefix);
  const databaseUrls: Record<string, string> = await preparePrivateDatabase(
    process.env.E2E_DATABASE_NAME ?? 'upright_e2e',
    shared.QUEUE_PREFIX,
  );
  const running: RunningProcess[] = [];
  const notStarted: string[] = [];
  const [smtpPort, webPort] = [basePort + 7, basePort + 8];
  shared.SMTP_URL = `smtp://127.0.0.1:${smtpPort}`;
  const inbox = await noting(notStarted, () => startMaildev(smtpPort, webPort));
  if (inbox) running.push(inbox);
  for (const spec of STACK) {
    const env: Record<string, string> = { ...shared };
    if (spec.name in databaseUrls) env.DATABASE_URL = databaseUrls[spec.name];
    const started = await noting(notStarted, () =>
      startProcess(spec.name, spec.entry, portIn(spec, basePort), env, { echoStderr: false }),
    );
    if (started) running.push(started);
  }
  // The search indices are fed through this run's own queue prefix: rebuild them from rankings
  // and reports (what `make reindex` does) so search sees the sample data.
  await noting(notStarted, () =>
    runToEnd('search reindex', 'services/search/dist/reindex/cli.js', {
      ...shared,
      REINDEX_TIMEOUT_MS: '120000',
    }),
  );
  return {
    baseUrl: `http://127.0.0.1:${basePort}`,
    transportPrefix,
    notStarted,
    pidOf: (name) => running.find((process) => process.name === name)?.child.pid,
    stop: () => stopAll(running),
  };
}

/**
 * One more BFF for the running stack (its transport prefix, E2E_TRANSPORT_PREFIX), on a port of
 * its own with variables of its own: a journey needing a setting the stack's BFF has not (web
 * analytics) gets a site of its own. It reaches Redis as the stack BFF's user, which therefore
 * stays when it stops.
 */
export async function startExtraBff(
  port: number,
  env: Record<string, string>,
): Promise<{ baseUrl: string; stop(): Promise<void> }> {
  const transportPrefix = process.env.E2E_TRANSPORT_PREFIX;
  if (!transportPrefix)
    throw new Error('E2E_TRANSPORT_PREFIX is not set: the e2e global setup sets it');
  const bff = stackProcess('bff');
  const running = await startProcess(
    bff.name,
    bff.entry,
    port,
    { ...stackEnv(port, transportPrefix), ...env },
    { echoStderr: false },
  );
  return { baseUrl: running.url, stop: () => stopProcess({ child: running.child }) };
}

/**
 * Runs `work` against the site at E2E_BASE_URL when it is set (a running stack, e.g. `make up`'s
 * http://localhost:8080), else against a stack of its own on private ports, stopped afterwards.
 * For the scripts beside the tests (Lighthouse, screenshots), as the e2e global setup does it.
 */
export async function withSite<T>(work: (baseUrl: string) => Promise<T>): Promise<T> {
  const given = process.env.E2E_BASE_URL;
  if (given) return work(given);
  const stack = await startStack(privateStackBasePort());
  try {
    if (stack.notStarted.length > 0) console.warn(`not running: ${stack.notStarted.join('; ')}`);
    process.env.E2E_BASE_URL = stack.baseUrl;
    return await work(stack.baseUrl);
  } finally {
    delete process.env.E2E_BASE_URL;
    await stack.stop();
  }
}
