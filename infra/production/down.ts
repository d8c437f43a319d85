/**
 * `make down-production`: stops what `make up-production` started, newest first (SIGTERM to
 * each process group, SIGKILL after KILL_AFTER_MS), stops PostgreSQL, and removes the stack's
 * data; its logs stay in .local/production/logs.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { LOG_DIR, STACK_DIR, readState, writeState } from './layout';

const KILL_AFTER_MS = 10_000;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // already gone
  }
}

async function stopProcess(pid: number): Promise<void> {
  signalGroup(pid, 'SIGTERM');
  const deadline = Date.now() + KILL_AFTER_MS;
  while (alive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  if (alive(pid)) signalGroup(pid, 'SIGKILL');
}

export async function stopStack(): Promise<void> {
  const state = readState();
  if (!state) return;
  for (const { pid } of [...state.processes].reverse()) await stopProcess(pid);
  if (state.postgres && existsSync(state.postgres.dataDir)) {
    spawnSync(
      'runuser',
      [
        '-u',
        'postgres',
        '--',
        state.postgres.pgCtl,
        '-D',
        state.postgres.dataDir,
        '-m',
        'fast',
        'stop',
      ],
      { stdio: 'ignore' },
    );
  }
  writeState({ processes: [] });
  for (const entry of existsSync(STACK_DIR) ? readdirSync(STACK_DIR) : []) {
    const full = path.join(STACK_DIR, entry);
    if (full !== LOG_DIR) rmSync(full, { recursive: true, force: true });
  }
}

if (require.main === module) {
  stopStack()
    .then(() => console.log('[production] stopped'))
    .catch((error: unknown) => {
      console.error(`[production] ${(error as Error).message}`);
      process.exit(1);
    });
}
