import { Logger } from '@nestjs/common';
import { type ChildProcess, fork, spawn, type StdioOptions } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { eventually, freePort } from '@upright/platform/testing';
import Redis from 'ioredis';
import { RedisStreamsClient, type ServerStats } from '../src';
import { testTrust } from './trust';

// Shared with every service's tests; the transport test files import them from here.
export { testPolicy, testTrust } from './trust';
export { delay, deleteKeys, eventually } from '@upright/platform/testing';

export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Every test file works under its own prefix so runs never see each other's keys. */
export function uniquePrefix(name: string): string {
  return `test-transport-${name}-${process.pid}-${randomBytes(3).toString('hex')}`;
}

export interface ReplicaStats {
  handled: number[];
  stats: ServerStats;
}

export interface ReplicaProcess {
  readonly id: string;
  readonly consumer: string;
  readonly child: ChildProcess;
  stats(): Promise<ReplicaStats>;
  close(): Promise<ReplicaStats>;
  /**
   * SIGTERM, as a rolling restart sends it. Resolves once the replica has begun draining (it
   * reads nothing more) with `exited`: its last stats and exit code.
   */
  terminate(): Promise<{ exited: Promise<ReplicaStats & { code: number | null }> }>;
  kill(): Promise<void>;
}

const FIXTURE = resolve(__dirname, 'fixtures/replica.ts');
const FIXTURE_TSCONFIG = resolve(__dirname, 'fixtures/tsconfig.json');

/** Starts `fixtures/replica.ts` in its own Node process (tsx, no build needed). */
export async function startReplica(
  id: string,
  env: Record<string, string | number>,
): Promise<ReplicaProcess> {
  return (await spawnReplica(id, env)).listen();
}

/**
 * Starts the process of a replica that consumes nothing until `listen()`: a test can have it
 * ready to join at a chosen moment without paying for the process start there.
 */
export async function spawnReplica(
  id: string,
  env: Record<string, string | number>,
  /** A command that runs the process elsewhere, e.g. `ip netns exec <name>`. */
  wrapper: string[] = [],
): Promise<{ listen(): Promise<ReplicaProcess> }> {
  const options = {
    env: {
      ...process.env,
      TSX_TSCONFIG_PATH: FIXTURE_TSCONFIG,
      REPLICA_ID: id,
      ...Object.fromEntries(Object.entries(env).map(([k, v]) => [k, String(v)])),
    },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'] as StdioOptions,
  };
  const node = [process.execPath, '--import', 'tsx', FIXTURE];
  // The wrapper execs node in place, so the IPC channel (an inherited descriptor) still works.
  const child =
    wrapper.length === 0
      ? fork(FIXTURE, [], { ...options, execArgv: ['--import', 'tsx'] })
      : spawn(wrapper[0], [...wrapper.slice(1), ...node], options);
  const exited = once(child, 'exit');
  const nextMessage = <T>(type: string): Promise<T> =>
    new Promise((resolveMessage, reject) => {
      const onMessage = (message: { type: string } & T) => {
        if (message.type !== type) return;
        child.off('message', onMessage);
        child.off('exit', onExit);
        resolveMessage(message);
      };
      const onExit = (code: number | null) => {
        child.off('message', onMessage);
        reject(new Error(`Replica ${id} exited (${code}) before "${type}"`));
      };
      child.on('message', onMessage);
      child.once('exit', onExit);
    });
  await nextMessage<object>('spawned');
  const listen = async (): Promise<ReplicaProcess> => {
    const ready = nextMessage<{ consumer: string }>('ready');
    child.send({ type: 'listen' });
    const { consumer } = await ready;
    return replicaProcess(consumer);
  };
  const replicaProcess = (consumer: string): ReplicaProcess => ({
    id,
    consumer,
    child,
    stats: () => {
      const reply = nextMessage<ReplicaStats>('stats');
      child.send({ type: 'stats' });
      return reply;
    },
    close: async () => {
      const reply = nextMessage<ReplicaStats>('closed');
      child.send({ type: 'close' });
      const stats = await reply;
      await exited;
      return stats;
    },
    terminate: async () => {
      const draining = nextMessage<object>('draining');
      const closed = nextMessage<ReplicaStats>('closed');
      child.kill('SIGTERM');
      await draining;
      const finish = async () => {
        const stats = await closed;
        const [code] = (await exited) as [number | null];
        return { ...stats, code };
      };
      return { exited: finish() };
    },
    kill: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  });
  return { listen };
}

/** A private redis-server for tests that stop it; the shared one on 6379 is never touched. */
export class PrivateRedis {
  private process?: ChildProcess;
  private readonly dir = mkdtempSync(join(tmpdir(), 'transport-redis-'));
  private constructor(
    readonly port: number,
    private readonly alsoBind?: string,
  ) {}

  /** `alsoBind`: another address it listens on, e.g. the host's end of a namespace's link. */
  static async start(alsoBind?: string): Promise<PrivateRedis> {
    const redis = new PrivateRedis(await freePort(), alsoBind);
    await redis.startProcess();
    return redis;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async stop(): Promise<void> {
    const child = this.process;
    this.process = undefined;
    if (!child || child.exitCode !== null) return;
    const exited = once(child, 'exit');
    child.kill('SIGKILL');
    await exited;
  }

  /** Freezes the server: sockets stay open but nothing answers, like a vanished host. */
  freeze(): void {
    this.process?.kill('SIGSTOP');
  }

  thaw(): void {
    this.process?.kill('SIGCONT');
  }

  async restart(): Promise<void> {
    await this.stop();
    await this.startProcess();
  }

  async dispose(): Promise<void> {
    await this.stop();
    rmSync(this.dir, { recursive: true, force: true });
  }

  private async startProcess(): Promise<void> {
    this.process = spawn(
      'redis-server',
      [
        '--port',
        String(this.port),
        '--bind',
        ...(this.alsoBind ? ['127.0.0.1', this.alsoBind, '--protected-mode', 'no'] : ['127.0.0.1']),
        '--save',
        '',
        '--appendonly',
        'no',
      ],
      { cwd: this.dir, stdio: 'ignore' },
    );
    const probe = new Redis(this.url, { lazyConnect: true, retryStrategy: () => 50 });
    probe.on('error', () => undefined);
    try {
      await eventually('private redis-server to answer', async () => {
        try {
          if (probe.status === 'wait') await probe.connect();
          return (await probe.ping()) === 'PONG';
        } catch {
          return false;
        }
      });
    } finally {
      probe.disconnect();
    }
  }
}

/** Keeps test output to warnings and errors; the transport logs every start and stop. */
export function quietLogs(): void {
  Logger.overrideLogger(['error', 'warn']);
}

/** Resolves once `server.listen()` has called back (rejects if it reports an error). */
export function listening(server: { listen(callback: (error?: unknown) => void): void }) {
  return new Promise<void>((resolve, reject) =>
    server.listen((error?: unknown) => (error ? reject(error) : resolve())),
  );
}

/** A connected client speaking as the test identity `client`. */
export async function connectedClient(redisUrl: string, keyPrefix: string) {
  const client = new RedisStreamsClient({ redisUrl, keyPrefix, trust: testTrust('client') });
  await client.connect();
  return client;
}
