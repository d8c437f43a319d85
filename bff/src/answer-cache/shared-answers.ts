import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { PublicDataDomain } from '@upright/contracts';
import Redis from 'ioredis';
import type { Answer } from './answer';
import type { AnswerStore } from './answer-store';
import { decodeAnswer, encodeAnswer, sharedAnswerKeys, sharedBudgetKey } from './shared-answer';

export interface SharedAnswersOptions {
  redisUrl: string;
  transportPrefix: string;
  /** Bytes all replicas may write per `ttlMs`; Redis then holds at most twice this. 0 = off. */
  budgetBytes: number;
  /** How long a shared answer (and the budget's window) lives. */
  ttlMs: number;
  /** How long a replica waits for another replica's answer before it makes its own. */
  waitMs: number;
  /** The longest one Redis call may take before the request goes on without it. */
  timeoutMs: number;
  /** How long a lock outlives a replica that died while making its answer. */
  lockMs: number;
}

/** What a replica that missed its own store does next. */
export type Claim =
  /** Another replica's answer, now kept here too. */
  | { kind: 'shared'; answer: Answer }
  /** Make it; `made` once its answer is sent (or was not made): shares it, frees the lock. */
  | { kind: 'make'; made: () => void };

export interface SharedAnswersStats {
  hits: number;
  misses: number;
  writes: number;
  refused: number;
  errors: number;
  lockWaits: number;
}

/** The shared answer, or this caller now holds the key's lock, or another replica does. */
const CLAIM_SCRIPT = `local kept = redis.call('GET', KEYS[1])
if kept then return {1, kept} end
if redis.call('SET', KEYS[2], ARGV[1], 'NX', 'PX', ARGV[2]) then return {2} end
return {3}`;
const KEPT = 1;
const LOCKED = 2;

/**
 * Frees the caller's lock and writes the answer unless the window's bytes would pass the budget
 * (the window starts with its first write and lasts as long as an answer: every answer alive was
 * written in this window or the one before). One script, so a replica waiting on the lock finds
 * either the lock or the answer.
 */
const WRITE_SCRIPT = `if ARGV[3] ~= '' and redis.call('GET', KEYS[2]) == ARGV[3] then
  redis.call('DEL', KEYS[2])
end
local size = string.len(ARGV[1])
local used = tonumber(redis.call('GET', KEYS[3]) or '0')
if used + size > tonumber(ARGV[4]) then return 0 end
if used == 0 then redis.call('SET', KEYS[3], size, 'PX', ARGV[2])
else redis.call('INCRBY', KEYS[3], size) end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return 1`;

const RELEASE_SCRIPT = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

/** How often a waiting replica asks again for the answer another is making. */
const POLL_MS = 20;

type Keys = ReturnType<typeof sharedAnswerKeys>;

interface Scripts {
  claimAnswerBuffer(answer: string, lock: string, token: string, lockMs: number): Promise<unknown>;
  writeAnswer(...args: [string, string, string, Buffer, number, string, number]): Promise<number>;
  releaseAnswer(lock: string, token: string): Promise<number>;
}

/**
 * Kept answers shared by every BFF replica through Redis (decision record 0057): the first
 * request of a key on a replica (the edge's single-flight leader) reads the answer another
 * replica made from the same version before making its own; if none has, one replica takes the
 * key's lock and makes it while the others wait a short, bounded time for its bytes. Redis away
 * or slow never fails a request: each call has a short timeout, and any failure means "make it
 * here", as before sharing existed.
 */
export class SharedAnswers {
  readonly stats: SharedAnswersStats = {
    hits: 0,
    misses: 0,
    writes: 0,
    refused: 0,
    errors: 0,
    lockWaits: 0,
  };
  private readonly redis: Redis & Scripts;
  private readonly budgetKey: string;

  constructor(
    private readonly store: AnswerStore,
    private readonly options: SharedAnswersOptions,
  ) {
    this.budgetKey = sharedBudgetKey(options.transportPrefix);
    this.redis = new Redis(options.redisUrl, {
      lazyConnect: true,
      connectionName: 'bff-answers',
      // Fail at once while disconnected: a request never waits for Redis to come back.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      // Closing never waits on Redis: a stream that does not close (or closed already) is let go.
      disconnectTimeout: 100,
    }) as Redis & Scripts;
    // ioredis reconnects by itself; an error event without a listener would crash the process.
    this.redis.on('error', () => undefined);
    this.redis.defineCommand('claimAnswer', { numberOfKeys: 2, lua: CLAIM_SCRIPT });
    this.redis.defineCommand('writeAnswer', { numberOfKeys: 3, lua: WRITE_SCRIPT });
    this.redis.defineCommand('releaseAnswer', { numberOfKeys: 1, lua: RELEASE_SCRIPT });
  }

  get enabled(): boolean {
    return this.options.budgetBytes > 0;
  }

  async connect(): Promise<void> {
    if (this.enabled) await this.redis.connect().catch(() => undefined);
  }

  async close(): Promise<void> {
    if (this.redis.status === 'end') return;
    await this.redis.quit().catch(() => this.redis.disconnect());
  }

  /**
   * After a miss of this replica's store for `key` (an answer of `domain`): null when nothing
   * can be shared now (sharing off, the version unknown, Redis not connected), so the caller
   * makes the answer at once; else the shared answer or the duty to make it.
   */
  claim(key: string, domain: PublicDataDomain): Promise<Claim> | null {
    const version = this.store.versionOf(domain);
    if (!this.enabled || version === null) return null;
    if (this.redis.status !== 'ready') {
      this.stats.errors++;
      return null;
    }
    return this.claimAt(
      key,
      version,
      sharedAnswerKeys(this.options.transportPrefix, domain, version, key),
    );
  }

  private async claimAt(key: string, version: string, keys: Keys): Promise<Claim> {
    const token = randomUUID();
    const waitUntil = Date.now() + this.options.waitMs;
    for (let polls = 0; ; polls++) {
      let reply: unknown[];
      try {
        reply = await this.ask(keys, token);
      } catch {
        this.stats.errors++;
        return this.make(key, version, keys, null);
      }
      if (reply[0] === KEPT) {
        const answer = decodeAnswer(reply[1] as Buffer);
        if (answer === null) {
          this.stats.errors++;
          return this.make(key, version, keys, null);
        }
        this.stats.hits++;
        this.store.set(key, answer, version);
        return { kind: 'shared', answer };
      }
      if (reply[0] === LOCKED) return this.make(key, version, keys, token);
      if (polls === 0) this.stats.lockWaits++;
      if (Date.now() >= waitUntil) return this.make(key, version, keys, null);
      await sleep(POLL_MS);
    }
  }

  /** One claim, within the timeout; a lock it took after the timeout is freed when it arrives. */
  private async ask(keys: Keys, token: string): Promise<unknown[]> {
    const call = this.redis.claimAnswerBuffer(keys.answer, keys.lock, token, this.options.lockMs);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        void call
          .then(async (late) => {
            if ((late as unknown[])[0] === LOCKED) await this.release(keys, token);
          })
          .catch(() => undefined);
        reject(new Error(`shared answer not read within ${this.options.timeoutMs} ms`));
      }, this.options.timeoutMs);
    });
    try {
      return (await Promise.race([call, timeout])) as unknown[];
    } finally {
      clearTimeout(timer);
    }
  }

  /** This replica makes the answer; `token` is its lock, null when it made it without one. */
  private make(key: string, version: string, keys: Keys, token: string | null): Claim {
    this.stats.misses++;
    return { kind: 'make', made: () => void this.share(key, version, keys, token) };
  }

  /** Writes what this replica kept for `key` from `version` (if it kept it), freeing the lock. */
  private async share(key: string, version: string, keys: Keys, token: string | null) {
    const kept = this.store.peek(key);
    try {
      if (kept === undefined || kept.version !== version) {
        if (token !== null) await this.release(keys, token);
        return;
      }
      const { ttlMs, budgetBytes } = this.options;
      const bytes = encodeAnswer(kept.answer);
      const args = [keys.answer, keys.lock, this.budgetKey, bytes, ttlMs] as const;
      const written = await this.redis.writeAnswer(...args, token ?? '', budgetBytes);
      if (written === 1) this.stats.writes++;
      else this.stats.refused++;
    } catch {
      this.stats.errors++;
    }
  }

  private async release(keys: Keys, token: string): Promise<void> {
    await this.redis.releaseAnswer(keys.lock, token);
  }
}
