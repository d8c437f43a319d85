import type { LoggerService } from '@nestjs/common';
import type Redis from 'ioredis';
import { errorMessage } from './connection';
import { ENQUEUE_GRACE_MS, HEARTBEAT, LIVE_MEMBERS } from './scripts';

/**
 * Keeps this replica's entry in the service's replica set fresh. Clients use the set to fail
 * fast when nobody consumes, and replicas use it to tell a dead consumer from a slow one.
 */
export class Heartbeat {
  private timer?: NodeJS.Timeout;
  private failing = false;
  private running = false;

  constructor(
    private readonly redis: Redis,
    private readonly replicasKey: string,
    private readonly consumer: string,
    private readonly intervalMs: number,
    private readonly ttlMs: number,
    private readonly logger: LoggerService,
  ) {}

  async beat(): Promise<void> {
    // The set outlives its last replica only briefly, so retired services leave nothing behind.
    const keyTtlMs = Math.max(60_000, this.ttlMs * 4);
    await HEARTBEAT.run(this.redis, [this.replicasKey], [this.consumer, this.ttlMs, keyTtlMs]);
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.schedule();
  }

  stop(): void {
    this.running = false;
    clearTimeout(this.timer);
  }

  /** Announces a clean exit so clients stop routing here before the TTL would tell them. */
  async leave(): Promise<void> {
    this.stop();
    await this.redis.zrem(this.replicasKey, this.consumer);
  }

  private schedule(): void {
    // A chain of timeouts, not an interval: a slow Redis must not pile up overlapping beats.
    this.timer = setTimeout(() => void this.tick(), this.intervalMs);
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    try {
      await this.beat();
      if (this.failing) this.logger.log(`Heartbeat of ${this.consumer} restored`);
      this.failing = false;
    } catch (error) {
      if (!this.failing) this.logger.warn(`Heartbeat failed: ${errorMessage(error)}`);
      this.failing = true;
    }
    if (this.running) this.schedule();
  }
}

export async function liveReplicas(redis: Redis, replicasKey: string): Promise<Set<string>> {
  const members = await LIVE_MEMBERS.run(redis, [replicasKey], [ENQUEUE_GRACE_MS]);
  return new Set(Array.isArray(members) ? members.map(String) : []);
}
