import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';

const repoRoot = path.resolve(__dirname, '..', '..');

export interface RunningProcess {
  name: string;
  url: string;
  child: ChildProcess;
}

async function waitReady(url: string, name: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${url}/health/ready`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${name} did not become ready`);
}

/** Starts one built process of the stack (from dist) on its own port and transport prefix. */
export async function startProcess(
  name: string,
  entry: string,
  port: number,
  env: Record<string, string>,
): Promise<RunningProcess> {
  const child = spawn(process.execPath, [path.join(repoRoot, entry)], {
    env: { ...process.env, LOG_LEVEL: 'warn', HTTP_PORT: String(port), ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitReady(url, name);
  return { name, url, child };
}

export async function stopProcess(running: RunningProcess): Promise<void> {
  if (running.child.exitCode !== null) return;
  const exited = new Promise((resolve) => running.child.once('exit', resolve));
  running.child.kill('SIGTERM');
  await exited;
}

export function benchTransportPrefix(): string {
  return `bench-${randomUUID().slice(0, 8)}`;
}
