import { eventually, freePort } from '@upright/platform/testing';
import { type ChildProcess, fork } from 'node:child_process';
import { once } from 'node:events';
import { repoPath, TS_NODE_OPTIONS } from './run-ts';

/**
 * The mail service as its own process from its sources (so a test can SIGKILL it), on a free
 * port with `env` on top of this process's; resolves once it is ready. `children` tracks the
 * running ones so a test's teardown can stop what is left.
 */
export async function startMailProcess(
  env: Record<string, string>,
  children: Set<ChildProcess>,
): Promise<ChildProcess> {
  const port = await freePort();
  const child = fork(repoPath('services/mail/src/main.ts'), [], {
    execArgv: TS_NODE_OPTIONS,
    env: { ...process.env, LOG_LEVEL: 'warn', NODE_ENV: 'test', ...env, HTTP_PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  await eventually(
    'the mail process to be ready',
    async () => {
      if (child.exitCode !== null) throw new Error(`mail process exited ${child.exitCode}`);
      try {
        return (await fetch(`http://127.0.0.1:${port}/health/ready`)).ok;
      } catch {
        return false;
      }
    },
    30_000,
  );
  return child;
}

/** Sends `signal` and waits until the process has exited. */
export async function stopProcess(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  const exited = once(child, 'exit');
  child.kill(signal);
  await exited;
}
