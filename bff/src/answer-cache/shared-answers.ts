import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { PublicDataDomain } from '@upright/contracts';
import Redis from 'ioredis';
import type { Answer } from './answer';
import type { AnswerStore } from './answer-store';
import {
  decodeAnswer,
  encodeAnswer,
  parseRecentMember,
  recentMember,
  sharedAnswerKeys,
  sharedBudgetKey,
  sharedRecentKey,
} from './shared-answer';

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
  /** This replica's release: it reads and writes only answers of its own release. */
  release: string;
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
  /** Answers a start kept from the shared store before it reported ready. */
  warmed: number;
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
redis.call('ZADD', KEYS[4], ARGV[5], ARGV[6])
redis.call('ZREMRANGEBYRANK', KEYS[4], 0, -1 - tonumber(ARGV[7]))
redis.call('PEXPIRE', KEYS[4], ARGV[2])
return 1`;

const RELEASE_SCRIPT = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

/** How often a waiting replica asks again for the answer another is making. */
const POLL_MS = 20;

/**
 * The recent set's length: the answers a starting replica may warm its store with (the keys of
 * a site's pages and their API answers, a few hundred on the sample data, thousands on a large one).
 */
const RECENT_KEYS = 4096;
/** Answers read per round trip while warming. */
const WARM_BATCH = 128;
/** The longest a start waits on warming: a slow Redis delays readiness this much at most. */
const WARM_MS = 3000;

type Keys = ReturnType<typeof sharedAnswerKeys>;

interface Scripts {
  claimAnswerBuffer(answer: string, lock: string, token: string, lockMs: number): Promise<unknown>;
  writeAnswer(
    ...args: [
      string,
      string,
      string,
      string,
      Buffer,
      number,
      string,
      number,
      number,
      string,
      number,
    ]
  ): Promise<number>;
  releaseAnswer(lock: string, token: string): Promise<number>;
}

/**
 * Kept answers shared by every BFF replica through Redis (decision 0057): the first
 * request of a key on a replica (the edge's single-flight leader) reads the answer another
 * replica made from the same version before making its own; if none has, one replica takes the
 * key's lock and makes it while the others wait a short, bounded time for its bytes. Redis away
 * or slow never fails a request: each call has a short timeout, and any failure means "make it
 * here", as before sharing existed.
 */
export class SharedAnswers {
  /** Set by `close()`: ioredis reports `ready` for a moment after `quit()` is sent. */
  private closed = false;
  readonly stats: SharedAnswersStats = {
    hits: 0,
    misses: 0,
    writes: 0,
    refused: 0,
    errors: 0,
    lockWaits: 0,
    warmed: 0,
  };
  private readonly redis: Redis & Scripts;
  private readonly budgetKey: string;
  private readonly recentKey: string;

  constructor(
    private readonly store: AnswerStore,
    private readonly options: SharedAnswersOptions,
  ) {
    this.budgetKey = sharedBudgetKey(options.transportPrefix);
    this.recentKey = sharedRecentKey(options.transportPrefix, options.release);
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
    this.redis.defineCommand('writeAnswer', { numberOfKeys: 4, lua: WRITE_SCRIPT });
    this.redis.defineCommand('releaseAnswer', { numberOfKeys: 1, lua: RELEASE_SCRIPT });
  }

  get enabled(): boolean {
    return this.options.budgetBytes > 0;
  }

  async connect(): Promise<void> {
    if (this.enabled) await this.redis.connect().catch(() => undefined);
  }

  /** No claim made after this reaches Redis, whatever state the connection is still in. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.redis.status === 'end') return;
    await this.redis.quit().catch(() => this.redis.disconnect());
  }

  /**
   * Fills this replica's store, before it reports ready, with the answers the other replicas
   * wrote lately of the versions now current: a replica started into a crowd (an autoscaler's)
   * then answers its first requests from kept bytes instead of sending each one's miss to the
   * services. Bounded by RECENT_KEYS answers and WARM_MS; any failure ends it (the replica then
   * warms as requests come). Resolves with the answers kept.
   */
  async warm(): Promise<number> {
    if (!this.enabled || this.redis.status !== 'ready') return 0;
    const until = Date.now() + WARM_MS;
    let warmed = 0;
    try {
      const members = await this.redis.zrevrange(this.recentKey, 0, RECENT_KEYS - 1);
      for (let start = 0; start < members.length && Date.now() < until; start += WARM_BATCH) {
        const wanted = members.slice(start, start + WARM_BATCH).flatMap((member) => {
          const parsed = parseRecentMember(member);
          const version = parsed && this.store.versionOf(parsed.domain);
          if (!parsed || !version) return [];
          const { answer } = sharedAnswerKeys(
            this.options.transportPrefix,
            this.options.release,
            parsed.domain,
            version,
            parsed.requestKey,
          );
          return [{ key: parsed.requestKey, version, answer }];
        });
        const pipeline = this.redis.pipeline();
        for (const { answer } of wanted) pipeline.getBuffer(answer);
        const replies = (await pipeline.exec()) ?? [];
        wanted.forEach(({ key, version }, index) => {
          const [error, bytes] = replies[index] ?? [];
          const answer = !error && bytes instanceof Buffer ? decodeAnswer(bytes) : null;
          if (answer !== null && this.store.set(key, answer, version)) warmed++;
        });
      }
    } catch {
      this.stats.errors++;
    }
    this.stats.warmed += warmed;
    return warmed;
  }

  /**
   * After a miss of this replica's store for `key` (an answer of `domain`): null when nothing
   * can be shared now (sharing off, the version unknown, Redis not connected), so the caller
   * makes the answer at once; else the shared answer or the duty to make it.
   */
  claim(key: string, domain: PublicDataDomain): Promise<Claim> | null {
    const version = this.store.versionOf(domain);
    if (!this.enabled || version === null) return null;
    if (this.closed || this.redis.status !== 'ready') {
      this.stats.errors++;
      return null;
    }
    return this.claimAt(
      key,
      version,
      domain,
      sharedAnswerKeys(this.options.transportPrefix, this.options.release, domain, version, key),
    );
  }

  private async claimAt(
    key: string,
    version: string,
    domain: PublicDataDomain,
    keys: Keys,
  ): Promise<Claim> {
    const token = randomUUID();
    const waitUntil = Date.now() + this.options.waitMs;
    for (let polls = 0; ; polls++) {
      let reply: unknown[];
      try {
        reply = await this.ask(keys, token);
      } catch {
        this.stats.errors++;
        return this.make(key, version, domain, keys, null);
      }
      if (reply[0] === KEPT) {
        const answer = decodeAnswer(reply[1] as Buffer);
        if (answer === null) {
          this.stats.errors++;
          return this.make(key, version, domain, keys, null);
        }
        this.stats.hits++;
        this.store.set(key, answer, version);
        return { kind: 'shared', answer };
      }
      if (reply[0] === LOCKED) return this.make(key, version, domain, keys, token);
      if (polls === 0) this.stats.lockWaits++;
      if (Date.now() >= waitUntil) return this.make(key, version, domain, keys, null);
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
  private make(
    key: string,
    version: string,
    domain: PublicDataDomain,
    keys: Keys,
    token: string | null,
  ): Claim {
    this.stats.misses++;
    return { kind: 'make', made: () => void this.share(key, version, domain, keys, token) };
  }

  /** Writes what this replica kept for `key` from `version` (if it kept it), freeing the lock. */
  private async share(
    key: string,
    version: string,
    domain: PublicDataDomain,
    keys: Keys,
    token: string | null,
  ) {
    const kept = this.store.peek(key);
    try {
      if (kept === undefined || kept.version !== version) {
        if (token !== null) await this.release(keys, token);
        return;
      }
      const { ttlMs, budgetBytes } = this.options;
      const bytes = encodeAnswer(kept.answer);
      const written = await this.redis.writeAnswer(
        keys.answer,
        keys.lock,
        this.budgetKey,
        this.recentKey,
        bytes,
        ttlMs,
        token ?? '',
        budgetBytes,
        Date.now(),
        recentMember(domain, key),
        RECENT_KEYS,
      );
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
