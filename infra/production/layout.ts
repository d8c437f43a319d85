/**
 * Where the production stack of this machine lives (`make up-production`, decision 0052): its
 * directory, ports and the state file that `make down-production` and the checks read.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../chart-tests/chart';

/** The values file it renders the chart with (charts/upright). */
export const VALUES_FILE = 'values-local-production.yaml';
export const STACK_DIR = path.join(repoRoot, '.local', 'production');
export const TLS_DIR = path.join(STACK_DIR, 'tls');
export const LOG_DIR = path.join(STACK_DIR, 'logs');
export const PODS_DIR = path.join(STACK_DIR, 'pods');
export const STATE_FILE = path.join(STACK_DIR, 'state.json');
export const CA_FILE = path.join(TLS_DIR, 'ca.crt');

/**
 * The ingress's HTTPS port, and the first of the processes' own ports: clear of `make up`
 * (8080–8085, 1025, 1080), the e2e stacks (21000–32000), load (19080) and bench (18080).
 * PostgreSQL, Redis and SMTP listen where the values file's URLs say (5442, 6390, 8525).
 */
export const INGRESS_PORT = 8443;
export const PROCESS_BASE_PORT = 8470;
export const SITE_URL = `https://localhost:${INGRESS_PORT}`;

export interface StackState {
  /** Started processes (their process groups), in start order. */
  processes: Array<{ name: string; pid: number }>;
  /** The PostgreSQL server: its pg_ctl and data directory. */
  postgres?: { pgCtl: string; dataDir: string };
  /** An administrative rediss:// URL (the default user), for the checks. */
  redisAdminUrl?: string;
}

export function readState(): StackState | null {
  if (!existsSync(STATE_FILE)) return null;
  return JSON.parse(readFileSync(STATE_FILE, 'utf8')) as StackState;
}

export function writeState(state: StackState): void {
  writeFileSync(STATE_FILE, `${JSON.stringify(state, null, 2)}\n`);
}
