import type { LoggerService } from '@nestjs/common';
import Redis from 'ioredis';

export type ConnectionStatus = 'connected' | 'reconnecting' | 'disconnected';

/** A command connection gets no answer for this long: the connection is assumed dead. */
const COMMAND_TIMEOUT_MS = 5000;
/** How often an otherwise quiet command connection checks that Redis still answers. */
const PROBE_INTERVAL_MS = 2000;
/** Extra time a blocking read may take beyond its BLOCK before its connection is reset. */
const BLOCKING_GRACE_MS = 5000;

export interface ConnectionSettings {
  /** `blocking` connections only run blocking reads, which must not time out like commands. */
  role: ConnectionRole;
  onStatus?: (status: ConnectionStatus) => void;
}

/**
 * Commands fail at once while Redis is unreachable instead of queueing: the transport has
 * deadlines and its own retry loops, and a queued XADD replayed after a reconnect could run
 * a request twice. `maxRetriesPerRequest: 0` also rejects commands that were in flight when
 * the connection dropped, so no promise is left hanging.
 *
 * A Redis that vanished without closing its sockets (a rescheduled pod) leaves connections
 * that accept writes and never answer; TCP would take many minutes to notice. Command
 * connections therefore time commands out and probe with PING, blocking reads have a
 * watchdog (blockingCall), and either resets the connection so it reconnects.
 */
export function createConnection(
  redisUrl: string,
  connectionName: string,
  logger: LoggerService,
  settings: ConnectionSettings,
): Redis {
  const redis = new Redis(redisUrl, {
    connectionName,
    lazyConnect: true,
    enableOfflineQueue: false,
    autoResendUnfulfilledCommands: false,
    maxRetriesPerRequest: 0,
    commandTimeout: settings.role === 'command' ? COMMAND_TIMEOUT_MS : undefined,
    enableAutoPipelining: settings.role === 'command',
    retryStrategy: (attempt) => Math.min(50 * 2 ** Math.min(attempt, 6), 2000),
  });
  let outage = false;
  // ioredis emits an error for every failed reconnect attempt; one line per outage is enough.
  redis.on('error', (error: Error) => {
    if (outage) return;
    outage = true;
    logger.warn(`Redis connection ${connectionName}: ${error.message}`);
  });
  redis.on('ready', () => {
    if (outage) logger.log(`Redis connection ${connectionName} restored`);
    outage = false;
    settings.onStatus?.('connected');
  });
  redis.on('reconnecting', () => settings.onStatus?.('reconnecting'));
  redis.on('end', () => settings.onStatus?.('disconnected'));
  if (settings.role === 'command') {
    const probe = setInterval(() => {
      if (redis.status !== 'ready') return;
      redis.ping().catch((error: unknown) => {
        if (!isTimeout(error) || redis.status !== 'ready') return;
        logger.warn(`Redis connection ${connectionName} stopped answering; reconnecting`);
        redis.disconnect(true);
      });
    }, PROBE_INTERVAL_MS);
    probe.unref();
    redis.once('end', () => clearInterval(probe));
  }
  // The initial connect is retried by retryStrategy like any reconnect; its rejection is noise.
  redis.connect().catch(() => undefined);
  return redis;
}

/** Runs a command with a BLOCK of `blockMs`; resets the connection if it outstays it. */
export async function blockingCall(
  redis: Redis,
  blockMs: number,
  command: string,
  ...args: (string | number)[]
): Promise<unknown> {
  const watchdog = setTimeout(() => {
    if (redis.status === 'ready') redis.disconnect(true);
  }, blockMs + BLOCKING_GRACE_MS);
  try {
    return await redis.call(command, ...args);
  } finally {
    clearTimeout(watchdog);
  }
}

function isTimeout(error: unknown): boolean {
  return error instanceof Error && error.message === 'Command timed out';
}

/** Resolves when the connection is ready, or false when the signal fires first. */
export function whenReady(redis: Redis, signal?: AbortSignal): Promise<boolean> {
  if (redis.status === 'ready') return Promise.resolve(true);
  if (signal?.aborted) return Promise.resolve(false);
  return new Promise((resolve) => {
    const done = (ready: boolean) => {
      redis.off('ready', onReady);
      signal?.removeEventListener('abort', onAbort);
      resolve(ready);
    };
    const onReady = () => done(true);
    const onAbort = () => done(false);
    redis.on('ready', onReady);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** Ends a connection without waiting for a server that may be gone. */
export async function closeConnection(redis: Redis): Promise<void> {
  if (redis.status === 'end') return;
  if (redis.status === 'ready') {
    try {
      await redis.quit();
      return;
    } catch {
      // fall through to a hard disconnect
    }
  }
  redis.disconnect();
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  if (signal?.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}

/** Exponential backoff for retry loops that must survive a Redis outage. */
export class Backoff {
  private attempt = 0;
  constructor(
    private readonly baseMs = 100,
    private readonly maxMs = 2000,
  ) {}
  next(): number {
    const delay = Math.min(this.baseMs * 2 ** this.attempt, this.maxMs);
    this.attempt = Math.min(this.attempt + 1, 16);
    // Jitter keeps replicas that lost Redis together from retrying in lockstep.
    return Math.round(delay / 2 + (Math.random() * delay) / 2);
  }
  reset(): void {
    this.attempt = 0;
  }
}

export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'object' && error !== null) {
    try {
      return JSON.stringify(error);
    } catch {
      // fall through
    }
  }
  return String(error);
}

export function isNoGroupError(error: unknown): boolean {
  return errorMessage(error).startsWith('NOGROUP');
}

export function isBusyGroupError(error: unknown): boolean {
  return errorMessage(error).startsWith('BUSYGROUP');
}

export type ConnectionRole = 'command' | 'blocking';

/** Events of the underlying connections, as offered by `on()` of the server and the client. */
export type StreamsEvents = {
  connect: (connection: ConnectionRole) => void;
  ready: (connection: ConnectionRole) => void;
  error: (connection: ConnectionRole, error: Error) => void;
  close: (connection: ConnectionRole) => void;
  reconnecting: (connection: ConnectionRole) => void;
  end: (connection: ConnectionRole) => void;
};

/** Forwards an event of both connections to one listener, telling them apart by role. */
export function forwardEvent(
  connections: Record<ConnectionRole, Redis>,
  event: string,
  listener: (connection: ConnectionRole, ...args: unknown[]) => void,
): void {
  for (const role of ['command', 'blocking'] as const) {
    connections[role].on(event, (...args: unknown[]) => listener(role, ...args));
  }
}

export type ConnectionListener = (connection: ConnectionRole, ...args: unknown[]) => void;

/**
 * Listeners given to Nest's `on()` for a client or server's two connections. Nest may call
 * `on()` before the connections exist, so those listeners wait here until `attach`.
 */
export class ConnectionListeners {
  private pending: { event: string; listener: ConnectionListener }[] = [];
  private connections?: Record<ConnectionRole, Redis>;

  add(event: string, listener: ConnectionListener): void {
    if (this.connections) forwardEvent(this.connections, event, listener);
    else this.pending.push({ event, listener });
  }

  attach(connections: Record<ConnectionRole, Redis>): void {
    this.connections = connections;
    for (const { event, listener } of this.pending) forwardEvent(connections, event, listener);
    this.pending = [];
  }

  /** What `unwrap()` returns: `{ command, blocking }`. */
  unwrap<T>(startMethod: 'connect' | 'listen'): T {
    if (!this.connections) {
      throw new Error(`Not initialized. Please call the "${startMethod}" method first.`);
    }
    return { ...this.connections } as T;
  }
}
