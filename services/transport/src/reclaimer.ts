import type { LoggerService } from '@nestjs/common';
import type Redis from 'ioredis';
import { parseEntries, type StreamEntry } from './codec';
import { errorMessage, isNoGroupError } from './connection';
import { DELETE_IDLE_CONSUMER } from './scripts';

export interface ReclaimHost {
  readonly redis: Redis;
  readonly group: string;
  readonly consumer: string;
  /** Streams this replica reads, all with the same group. */
  streams(): readonly string[];
  liveReplicas(): Promise<Set<string>>;
  freeSlots(): number;
  isInFlight(stream: string, id: string): boolean;
  /** Handles an entry this replica now owns. `deliveries` counts this delivery too. */
  dispatch(stream: string, entry: StreamEntry, deliveries: number): void;
  onReclaimed(count: number): void;
  readonly logger: LoggerService;
}

interface ConsumerInfo {
  name: string;
  pending: number;
  idle: number;
}

interface PendingEntry {
  id: string;
  deliveries: number;
}

function parseConsumers(raw: unknown): ConsumerInfo[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((item): ConsumerInfo[] => {
    if (!Array.isArray(item)) return [];
    const record: Record<string, unknown> = {};
    for (let i = 0; i + 1 < item.length; i += 2) record[String(item[i])] = item[i + 1];
    if (typeof record.name !== 'string') return [];
    return [{ name: record.name, pending: Number(record.pending), idle: Number(record.idle) }];
  });
}

function parsePending(raw: unknown): PendingEntry[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((item): PendingEntry[] =>
    Array.isArray(item) && typeof item[0] === 'string'
      ? [{ id: item[0], deliveries: Number(item[3]) }]
      : [],
  );
}

/**
 * Recovers messages that a replica took and will never finish.
 *
 * A consumer is dead when its heartbeat has expired *and* it has not touched the group for
 * `minIdleMs`; only its entries idle for `minIdleMs` are claimed (XCLAIM's min-idle makes
 * concurrent reclaimers in other replicas race safely: one wins, the others get nothing).
 * A live replica that is merely slow keeps its heartbeat and is never robbed.
 *
 * This replica's own entries are checked too: an entry it owns but is not handling (its
 * reply or ack failed during a Redis outage, or a read was cut mid-way) would otherwise stay
 * pending forever because its owner is alive.
 */
export class Reclaimer {
  private timer?: NodeJS.Timeout;
  private running = false;
  private current?: Promise<void>;
  private failing = false;

  constructor(
    private readonly host: ReclaimHost,
    private readonly intervalMs: number,
    private readonly minIdleMs: number,
  ) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    this.schedule();
  }

  /** Stops scheduling and waits for a round in progress, so nothing is dispatched later. */
  async stop(): Promise<void> {
    this.running = false;
    clearTimeout(this.timer);
    await this.current;
  }

  private schedule(): void {
    const jitter = Math.round(this.intervalMs * 0.2 * Math.random());
    this.timer = setTimeout(() => {
      this.current = this.runOnce().finally(() => {
        this.current = undefined;
        if (this.running) this.schedule();
      });
    }, this.intervalMs + jitter);
    this.timer.unref();
  }

  async runOnce(): Promise<void> {
    try {
      const live = await this.host.liveReplicas();
      live.add(this.host.consumer);
      for (const stream of this.host.streams()) {
        if (!this.running) return;
        await this.reclaimStream(stream, live);
      }
      if (this.failing) this.host.logger.log('Reclaimer recovered');
      this.failing = false;
    } catch (error) {
      // NOGROUP: Redis lost its data; the read loop recreates the groups.
      if (!this.failing && !isNoGroupError(error)) {
        this.host.logger.warn(`Reclaim round failed: ${errorMessage(error)}`);
        this.failing = true;
      }
    }
  }

  private async reclaimStream(stream: string, live: Set<string>): Promise<void> {
    const { redis, group } = this.host;
    const consumers = parseConsumers(await redis.call('XINFO', 'CONSUMERS', stream, group));
    for (const consumer of consumers) {
      if (consumer.name === this.host.consumer) {
        if (consumer.pending > 0) await this.recoverOwn(stream);
        continue;
      }
      if (live.has(consumer.name) || consumer.idle < this.minIdleMs) continue;
      if (consumer.pending > 0) {
        await this.claimFrom(stream, consumer.name, () => true);
      } else {
        const deleted = await DELETE_IDLE_CONSUMER.run(redis, [stream], [group, consumer.name]);
        if (Number(deleted) === 1) {
          this.host.logger.log(`Removed dead consumer ${consumer.name} from ${stream}`);
        }
      }
    }
  }

  private recoverOwn(stream: string): Promise<void> {
    return this.claimFrom(stream, this.host.consumer, (id) => !this.host.isInFlight(stream, id));
  }

  private async claimFrom(
    stream: string,
    owner: string,
    wanted: (id: string) => boolean,
  ): Promise<void> {
    const budget = this.host.freeSlots();
    if (budget <= 0) return;
    const { redis, group, consumer } = this.host;
    const pending = parsePending(
      await redis.call('XPENDING', stream, group, 'IDLE', this.minIdleMs, '-', '+', budget, owner),
    ).filter((entry) => wanted(entry.id));
    if (pending.length === 0) return;
    const claimed = parseEntries(
      await redis.call(
        'XCLAIM',
        stream,
        group,
        consumer,
        this.minIdleMs,
        ...pending.map((entry) => entry.id),
      ),
    );
    if (claimed.length === 0) return;
    const deliveries = new Map(pending.map((entry) => [entry.id, entry.deliveries]));
    if (owner !== consumer) {
      this.host.logger.log(`Reclaimed ${claimed.length} message(s) of ${owner} on ${stream}`);
    }
    this.host.onReclaimed(claimed.length);
    for (const entry of claimed) {
      this.host.dispatch(stream, entry, (deliveries.get(entry.id) ?? 0) + 1);
    }
  }
}
