/**
 * PostgreSQL and Redis of a harness's own (`make chaos`, `make load-crowd`): a throwaway cluster
 * and a redis-server on private ports, so a harness may restart them — and load them — without
 * touching the machine's shared servers that everyone else's tests use.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import {
  appendFileSync,
  chownSync,
  existsSync,
  mkdirSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import Redis from 'ioredis';

const POSTGRES_USER = 'postgres';
const READY_TIMEOUT_MS = 30_000;

function postgresBin(tool: string): string {
  const root = '/usr/lib/postgresql';
  const version = readdirSync(root).sort().at(-1);
  if (!version) throw new Error(`no PostgreSQL under ${root}`);
  return path.join(root, version, 'bin', tool);
}

/** Runs a PostgreSQL tool as the `postgres` user (the server refuses to run as root). */
function asPostgres(tool: string, args: string[]): void {
  execFileSync('runuser', ['-u', POSTGRES_USER, '--', postgresBin(tool), ...args], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
}

export interface PrivatePostgres {
  /** Superuser URL on database `postgres` (trust authentication). */
  adminUrl: string;
  port: number;
  /** `pg_ctl restart -m fast`: every connection is cut, as a failover or an upgrade does. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * A new cluster in `dir` listening on 127.0.0.1 and `extraAddresses` (a network namespace's
 * processes reach it there), trusting clients of those addresses' /24.
 */
export async function startPrivatePostgres(
  dir: string,
  port: number,
  extraAddresses: readonly string[] = [],
): Promise<PrivatePostgres> {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const { uid, gid } = userIds(POSTGRES_USER);
  chownSync(dir, uid, gid);
  const data = path.join(dir, 'data');
  asPostgres('initdb', ['-D', data, '--auth=trust', '-U', POSTGRES_USER, '--no-sync']);
  for (const address of extraAddresses) {
    // Clients come from the other end of the link: trust the address's /24.
    const network = address.replace(/\.\d+$/, '.0/24');
    appendFileSync(path.join(data, 'pg_hba.conf'), `host all all ${network} trust\n`);
  }
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    `-c listen_addresses=${['127.0.0.1', ...extraAddresses].join(',')}`,
    // Many replicas each hold a pool: the default 100 connections is not enough.
    '-c max_connections=400',
    '-c fsync=off',
  ].join(' ');
  const log = path.join(dir, 'postgres.log');
  const control = (action: string[]) =>
    asPostgres('pg_ctl', ['-D', data, '-o', options, '-l', log, '-w', '-t', '60', ...action]);
  control(['start']);
  return {
    adminUrl: `postgres://${POSTGRES_USER}@127.0.0.1:${port}/postgres`,
    port,
    async restart() {
      control(['-m', 'fast', 'restart']);
    },
    async stop() {
      if (existsSync(path.join(data, 'postmaster.pid'))) control(['-m', 'immediate', 'stop']);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function userIds(user: string): { uid: number; gid: number } {
  const id = (flag: string) => Number(execFileSync('id', [flag, user]).toString().trim());
  return { uid: id('-u'), gid: id('-g') };
}

export interface PrivateRedis {
  /** The administrative (default) user's URL. */
  url: string;
  port: number;
  /** SIGTERM (Redis writes its append-only file and exits), then the same server again. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * A redis-server on `port` with an append-only file (appendfsync always: a restart keeps every
 * acknowledged write, as a production Redis with persistence does) and an ACL file (its users
 * outlive a restart, as configured ones do).
 */
export async function startPrivateRedis(
  dir: string,
  port: number,
  extraAddresses: readonly string[] = [],
): Promise<PrivateRedis> {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  // Each process's ACL user (decision 0017) is made at run time; a production Redis has them in
  // its configuration, so they outlive a restart. `ACL SAVE` into this file before a restart
  // does the same here (without it every process met WRONGPASS until the end of the run).
  const aclFile = path.join(dir, 'users.acl');
  writeFileSync(aclFile, '');
  const args = [
    '--aclfile',
    aclFile,
    '--port',
    String(port),
    '--bind',
    ...['127.0.0.1', ...extraAddresses],
    '--dir',
    dir,
    '--save',
    '',
    '--appendonly',
    'yes',
    '--appendfsync',
    'always',
    // The namespace's replica connects from a non-loopback address; the server is private.
    '--protected-mode',
    'no',
    '--logfile',
    path.join(dir, 'redis.log'),
  ];
  const url = `redis://127.0.0.1:${port}`;
  let child: ChildProcess = await launchRedis(args, url);
  return {
    url,
    port,
    async restart() {
      const admin = new Redis(url, { maxRetriesPerRequest: 1 });
      try {
        await admin.call('ACL', 'SAVE');
      } finally {
        admin.disconnect();
      }
      await stopChild(child);
      child = await launchRedis(args, url);
    },
    async stop() {
      await stopChild(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function launchRedis(args: string[], url: string): Promise<ChildProcess> {
  const child = spawn('redis-server', args, { stdio: 'ignore' });
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline && child.exitCode === null) {
    const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0 });
    probe.on('error', () => undefined);
    try {
      await probe.connect();
      // Loading the append-only file answers LOADING until it is done.
      if ((await probe.ping()) === 'PONG') return child;
    } catch {
      // not up yet
    } finally {
      probe.disconnect();
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`redis-server on ${url} did not start`);
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}
