import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { preparePrivateDatabase } from '../../../infra/local/private-database';

const repoRoot = path.resolve(__dirname, '..', '..', '..');

export interface RunningStack {
  baseUrl: string;
  transportPrefix: string;
  /** Processes that did not become ready, with why (the journeys needing them then fail). */
  notStarted: string[];
  stop(): Promise<void>;
}

interface ProcessSpec {
  name: string;
  entry: string;
  portOffset: number;
}

const PROCESSES: ProcessSpec[] = [
  {
    name: 'rankings',
    entry: 'services/rankings/dist/main.js',
    portOffset: 2,
  },
  {
    name: 'accounts',
    entry: 'services/accounts/dist/main.js',
    portOffset: 1,
  },
  {
    name: 'reports',
    entry: 'services/reports/dist/main.js',
    portOffset: 3,
  },
  {
    name: 'search',
    entry: 'services/search/dist/main.js',
    portOffset: 5,
  },
  { name: 'mail', entry: 'services/mail/dist/main.js', portOffset: 4 },
  { name: 'bff', entry: 'bff/dist/main.js', portOffset: 0 },
];

async function answers(url: string): Promise<boolean> {
  try {
    await fetch(`${url}/health/live`);
    return true;
  } catch {
    return false;
  }
}

async function waitAnswering(url: string, child: ChildProcess): Promise<boolean> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline && child.exitCode === null) {
    if (await answers(url)) return true;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
}

async function waitReady(url: string, child: ChildProcess): Promise<string | null> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) return `exited with code ${child.exitCode}`;
    try {
      if ((await fetch(`${url}/health/ready`)).ok) return null;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return 'not ready after 60 s';
}

async function runToEnd(entry: string, env: Record<string, string>): Promise<string | null> {
  const file = path.join(repoRoot, entry);
  if (!existsSync(file)) return `${entry} is not built`;
  const child = spawn(process.execPath, [file], {
    env: { ...env, REINDEX_TIMEOUT_MS: '120000' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-1000);
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  return code === 0 ? null : `exit ${code}: ${stderr.trim()}`;
}

/**
 * The whole built stack on private ports with a unique transport and queue prefix, so a run
 * never meets another run's messages or jobs, on a database of its own (`upright_e2e`, sample
 * data loaded) so the members the journeys create never reach the `make up` database. The BFF
 * serves the built web app.
 */
export async function startStack(basePort: number): Promise<RunningStack> {
  const id = randomUUID().slice(0, 8);
  const transportPrefix = `e2e-${id}`;
  const shared: Record<string, string> = {
    LOG_LEVEL: 'warn',
    NODE_ENV: 'test',
    HTTP_HOST: '127.0.0.1',
    TRANSPORT_PREFIX: transportPrefix,
    QUEUE_PREFIX: `e2e-${id}`,
    WEB_DIST_DIR: path.join(repoRoot, 'web', 'dist'),
    PUBLIC_URL: `http://127.0.0.1:${basePort}`,
  };
  const databaseUrls: Record<string, string> = await preparePrivateDatabase(
    'upright_e2e',
    shared.QUEUE_PREFIX,
  );
  const children: ChildProcess[] = [];
  const notStarted: string[] = [];
  // A private SMTP inbox (maildev, as `make up` runs) so the mail process has somewhere to send.
  const maildev = path.join(repoRoot, 'node_modules', 'maildev', 'bin', 'maildev');
  if (existsSync(maildev)) {
    const [smtpPort, webPort] = [basePort + 7, basePort + 8];
    const inbox = spawn(
      process.execPath,
      [
        maildev,
        '--ip',
        '127.0.0.1',
        '--smtp',
        String(smtpPort),
        '--web',
        String(webPort),
        '--silent',
      ],
      { stdio: 'ignore' },
    );
    children.push(inbox);
    shared.SMTP_URL = `smtp://127.0.0.1:${smtpPort}`;
    if (!(await waitAnswering(`http://127.0.0.1:${webPort}`, inbox)))
      notStarted.push('maildev: did not start');
  } else {
    notStarted.push('maildev: not installed');
  }
  for (const spec of PROCESSES) {
    const entry = path.join(repoRoot, spec.entry);
    if (!existsSync(entry)) {
      notStarted.push(`${spec.name}: ${spec.entry} is not built`);
      continue;
    }
    const port = basePort + spec.portOffset;
    if (await answers(`http://127.0.0.1:${port}`)) {
      notStarted.push(`${spec.name}: port ${port} is already in use`);
      continue;
    }
    const env: Record<string, string> = {
      ...(process.env as Record<string, string>),
      ...shared,
      HTTP_PORT: String(port),
    };
    if (spec.name in databaseUrls) env.DATABASE_URL = databaseUrls[spec.name];
    const child = spawn(process.execPath, [entry], { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-2000);
    });
    children.push(child);
    const problem = await waitReady(`http://127.0.0.1:${port}`, child);
    if (problem)
      notStarted.push(
        `${spec.name}: ${problem}${stderr ? ` — ${stderr.trim().split('\n').slice(-3).join(' | ')}` : ''}`,
      );
  }
  // The search indices are fed through this run's own queue prefix: rebuild them from rankings
  // and reports (what `make reindex` does) so search sees the sample data.
  const reindexProblem = await runToEnd('services/search/dist/reindex/cli.js', {
    ...(process.env as Record<string, string>),
    ...shared,
  });
  if (reindexProblem) notStarted.push(`search reindex: ${reindexProblem}`);
  return {
    baseUrl: `http://127.0.0.1:${basePort}`,
    transportPrefix,
    notStarted,
    async stop() {
      await Promise.all(
        children.map(
          (child) =>
            new Promise<void>((resolve) => {
              if (child.exitCode !== null) return resolve();
              child.once('exit', () => resolve());
              child.kill('SIGTERM');
              setTimeout(() => child.exitCode === null && child.kill('SIGKILL'), 10_000).unref();
            }),
        ),
      );
    },
  };
}
