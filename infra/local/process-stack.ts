/**
 * Starting built processes of the stack (from dist/) for runs that have no `make up` to drive:
 * the benches, the load smoke and the e2e journeys. One place knows how a process is started,
 * when it counts as ready, how a private SMTP inbox is run and how everything is stopped, so the
 * three runs cannot drift apart.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { healthPort, opsPort } from '../stack/manifest';
import { ownRedisUser } from './redis-acl';

const repoRoot = path.resolve(__dirname, '..', '..');
const MAILDEV_BIN = path.join(repoRoot, 'node_modules', 'maildev', 'bin', 'maildev');

const READY_TIMEOUT_MS = 60_000;
const ANSWER_TIMEOUT_MS = 30_000;
const POLL_MS = 250;
/** A process that ignores SIGTERM this long is killed, so a teardown never hangs. */
const KILL_AFTER_MS = 10_000;
/** Enough of a failed process's stderr to say why, not its whole log. */
const STDERR_TAIL_CHARS = 2000;

export interface RunningProcess {
  name: string;
  url: string;
  child: ChildProcess;
  /** Cleans up after the process once it has exited (its Redis ACL user). */
  release?: () => Promise<void>;
}

export interface StartOptions {
  /** Pass the process's stderr on to ours so its warnings show (the default); with false it is
   * only kept to explain a failed start. */
  echoStderr?: boolean;
  /** Runs it through this command (e.g. `ip netns exec <ns>`: a replica in a namespace). */
  commandPrefix?: readonly string[];
  /** The address it listens on and is asked at (default 127.0.0.1). */
  host?: string;
  /** The Node binary it runs on (default ours): the bench compares two runtimes in one run. */
  node?: string;
}

const pause = () => new Promise((resolve) => setTimeout(resolve, POLL_MS));

function resolveEntry(entry: string): string {
  const file = path.join(repoRoot, entry);
  if (!existsSync(file)) throw new Error(`${entry} is not built`);
  return file;
}

/** Whether anything listens on `url` (any HTTP answer counts). */
async function answers(url: string): Promise<boolean> {
  try {
    await fetch(`${url}/health/live`);
    return true;
  } catch {
    return false;
  }
}

/** Keeps the last characters of a child's stderr, optionally passing them on. */
function tailStderr(child: ChildProcess, echo: boolean): () => string {
  let tail = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    if (echo) process.stderr.write(chunk);
    tail = (tail + chunk.toString()).slice(-STDERR_TAIL_CHARS);
  });
  return () => tail.trim().split('\n').slice(-3).join(' | ');
}

/**
 * Resolves null when `url` reports ready, else why not (the process exited or took too
 * long).
 */
async function waitReady(url: string, child: ChildProcess): Promise<string | null> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) return `exited with code ${child.exitCode}`;
    try {
      if ((await fetch(`${url}/health/ready`)).ok) return null;
    } catch {
      // not listening yet
    }
    await pause();
  }
  return `not ready after ${READY_TIMEOUT_MS / 1000} s`;
}

/**
 * Starts one built process on `port` and resolves once its /health/ready answers (the BFF's on
 * its operations port, `opsPort` in the stack manifest); throws (with
 * the end of its stderr) when it is not built, the port is taken, or it does not become ready.
 */
export async function startProcess(
  name: string,
  entry: string,
  port: number,
  env: Record<string, string>,
  options: StartOptions = {},
): Promise<RunningProcess> {
  const file = resolveEntry(entry);
  const host = options.host ?? '127.0.0.1';
  const url = `http://${host}:${port}`;
  // Something else answering there would be mistaken for this process being ready.
  if (await answers(url)) throw new Error(`${name}: port ${port} is already in use`);
  const given = {
    ...process.env,
    LOG_LEVEL: 'warn',
    ...env,
    HTTP_PORT: String(port),
    OPS_PORT: String(opsPort(port)),
    ...(options.host ? { HTTP_HOST: options.host } : {}),
  };
  // Like `make up`, each process reaches Redis as its own ACL user (decision 0017).
  const redisUser = await ownRedisUser(name, given);
  const [command, ...prefixArgs] = [
    ...(options.commandPrefix ?? []),
    options.node ?? process.execPath,
  ];
  const child = spawn(command, [...prefixArgs, file], {
    env: { ...given, ...redisUser.env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const stderrTail = tailStderr(child, options.echoStderr ?? true);
  const running = { name, url, child, release: redisUser.release };
  const problem = await waitReady(`http://${host}:${healthPort(name, port)}`, child);
  if (problem) {
    await stopProcess(running);
    const stderr = stderrTail();
    throw new Error(`${name}: ${problem}${stderr ? ` — ${stderr}` : ''}`);
  }
  return running;
}

/**
 * A private SMTP inbox (maildev, as `make up` runs) so a mail process has somewhere to send;
 * resolves once its web port answers. Send to `smtp://127.0.0.1:<smtpPort>`.
 */
export async function startMaildev(smtpPort: number, webPort: number): Promise<RunningProcess> {
  if (!existsSync(MAILDEV_BIN)) throw new Error('maildev: not installed');
  const child = spawn(
    process.execPath,
    [
      MAILDEV_BIN,
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
  const running = { name: 'maildev', url: `http://127.0.0.1:${webPort}`, child };
  const deadline = Date.now() + ANSWER_TIMEOUT_MS;
  while (Date.now() < deadline && child.exitCode === null) {
    if (await answers(running.url)) return running;
    await pause();
  }
  await stopProcess(running);
  throw new Error('maildev: did not start');
}

/**
 * SIGTERM (the process drains and exits), SIGKILL if it is still there after KILL_AFTER_MS;
 * then its release (a cleanup failure is not worth failing a run for).
 */
export async function stopProcess(running: Pick<RunningProcess, 'child' | 'release'>) {
  const { child } = running;
  await new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.exitCode === null && child.kill('SIGKILL'), KILL_AFTER_MS).unref();
  });
  await running.release?.().catch(() => undefined);
}

export async function stopAll(
  processes: readonly Pick<RunningProcess, 'child' | 'release'>[],
): Promise<void> {
  await Promise.all(processes.map(stopProcess));
}

/** Runs a one-shot built command (e.g. the search reindex) to its end; throws unless it exits 0. */
export async function runToEnd(
  name: string,
  entry: string,
  env: Record<string, string>,
): Promise<void> {
  const child = spawn(process.execPath, [resolveEntry(entry)], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const stderrTail = tailStderr(child, false);
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`${name}: exit ${code}: ${stderrTail()}`);
}
