import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { DEFAULT_DEADLINE_MS, validateDeadlineMs } from './deadline';
import { DEFAULT_KEY_PREFIX } from './keys';
import type { TrustOptions } from './trust';

export interface StreamsConnectionOptions {
  redisUrl: string;
  /** Prefix of every key the transport touches. Default `upright`. */
  keyPrefix?: string;
  /** This process's identity, its pair keys and the allow-list (decision 0016). */
  trust: TrustOptions;
}

/** Called once per handled message, e.g. to feed a Prometheus histogram. */
export type HandlerObserver = (pattern: string, outcome: 'ok' | 'error', seconds: number) => void;

/** Called once per refused copy of a request (decision 0016), e.g. to count it. */
export type ReplayObserver = (from: string, pattern: string) => void;

/** Called once per request dropped unread because its deadline had passed, e.g. to count it. */
export type ExpiredObserver = (pattern: string) => void;

export interface StreamsServerOptions extends StreamsConnectionOptions {
  /** Consumer-group name; requests are read from `${prefix}:rpc:${service}`. */
  service: string;
  /** Default `${hostname}-${pid}-${random}`; must be unique per replica. */
  consumerName?: string;
  /**
   * Max handlers in flight in this replica (admission): beyond it the replica reads nothing
   * more and leaves messages to other replicas. Default 32.
   */
  concurrency?: number;
  /** Default 250. */
  heartbeatIntervalMs?: number;
  /**
   * A replica whose heartbeat is older than this is considered dead and what it holds is
   * claimed by the others. Default 1000: a dead replica's requests are answered by another
   * well within a 5 s deadline (decision 0051).
   */
  heartbeatTtlMs?: number;
  /** How often pending messages of dead replicas are looked for. Default 250. */
  reclaimIntervalMs?: number;
  /** How long close() waits for in-flight handlers. Default 10000. */
  shutdownGraceMs?: number;
  onHandled?: HandlerObserver;
  onReplay?: ReplayObserver;
  onExpired?: ExpiredObserver;
}

export interface StreamsClientOptions extends StreamsConnectionOptions {
  /** Deadline of a request unless overridden with withDeadline(). Default 5000. */
  defaultDeadlineMs?: number;
}

export interface ResolvedServerOptions {
  redisUrl: string;
  keyPrefix: string;
  trust: TrustOptions;
  service: string;
  consumerName: string;
  concurrency: number;
  heartbeatIntervalMs: number;
  heartbeatTtlMs: number;
  reclaimIntervalMs: number;
  shutdownGraceMs: number;
  onHandled?: HandlerObserver;
  onReplay?: ReplayObserver;
  onExpired?: ExpiredObserver;
}

export interface ResolvedClientOptions {
  redisUrl: string;
  keyPrefix: string;
  trust: TrustOptions;
  defaultDeadlineMs: number;
}

function positiveInt(name: string, value: number | undefined, fallback: number): number {
  const resolved = value ?? fallback;
  if (!Number.isInteger(resolved) || resolved <= 0) {
    throw new RangeError(`${name} must be a positive integer, got ${resolved}`);
  }
  return resolved;
}

export function defaultConsumerName(): string {
  return `${hostname()}-${process.pid}-${randomBytes(4).toString('hex')}`;
}

export function resolveServerOptions(options: StreamsServerOptions): ResolvedServerOptions {
  if (!options.service || /[\s:]/.test(options.service)) {
    throw new Error(`Invalid service name "${options.service}"`);
  }
  if (options.trust.identity !== options.service) {
    // Callers are allowed by service name: a server speaking as someone else would be refused.
    throw new Error(`A "${options.service}" server must have identity "${options.service}"`);
  }
  const heartbeatIntervalMs = positiveInt('heartbeatIntervalMs', options.heartbeatIntervalMs, 250);
  const heartbeatTtlMs = positiveInt('heartbeatTtlMs', options.heartbeatTtlMs, 1000);
  if (heartbeatTtlMs <= heartbeatIntervalMs) {
    // Otherwise a healthy replica would flap between alive and dead between two beats.
    throw new RangeError('heartbeatTtlMs must be greater than heartbeatIntervalMs');
  }
  return {
    redisUrl: options.redisUrl,
    keyPrefix: options.keyPrefix ?? DEFAULT_KEY_PREFIX,
    trust: options.trust,
    service: options.service,
    consumerName: options.consumerName ?? defaultConsumerName(),
    concurrency: positiveInt('concurrency', options.concurrency, 32),
    heartbeatIntervalMs,
    heartbeatTtlMs,
    reclaimIntervalMs: positiveInt('reclaimIntervalMs', options.reclaimIntervalMs, 250),
    shutdownGraceMs: positiveInt('shutdownGraceMs', options.shutdownGraceMs, 10000),
    onHandled: options.onHandled,
    onReplay: options.onReplay,
    onExpired: options.onExpired,
  };
}

export function resolveClientOptions(options: StreamsClientOptions): ResolvedClientOptions {
  return {
    redisUrl: options.redisUrl,
    keyPrefix: options.keyPrefix ?? DEFAULT_KEY_PREFIX,
    trust: options.trust,
    defaultDeadlineMs: validateDeadlineMs(options.defaultDeadlineMs ?? DEFAULT_DEADLINE_MS),
  };
}
