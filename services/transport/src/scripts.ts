import { createHash } from 'node:crypto';
import type Redis from 'ioredis';

/**
 * Liveness is judged on Redis's clock, not on each host's: a replica's heartbeat stores the
 * Redis time at which it expires, and clients compare against Redis time too, so clock skew
 * between pods cannot make a live replica look dead (or the reverse).
 */
const NOW = `local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
`;

export class LuaScript {
  private readonly sha: string;
  constructor(private readonly source: string) {
    this.sha = createHash('sha1').update(source).digest('hex');
  }

  /** EVALSHA with a fallback for a Redis that has not seen (or has lost, after a restart) it. */
  async run(redis: Redis, keys: string[], args: (string | number)[]): Promise<unknown> {
    try {
      return await redis.evalsha(this.sha, keys.length, ...keys, ...args);
    } catch (error) {
      if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT')) throw error;
      return redis.eval(this.source, keys.length, ...keys, ...args);
    }
  }
}

/** KEYS: replicas zset. ARGV: consumer, ttlMs, keyTtlMs. Returns Redis now (ms). */
export const HEARTBEAT = new LuaScript(`${NOW}
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return now`);

/*
 * Keys of other processes (a callee's replica set and request stream, a caller's reply stream)
 * are passed in ARGV, not KEYS: Redis's ACL demands read *and* write access to every declared
 * key, while a command inside the script is checked with its own flags. So a caller needs only
 * write access to the request stream it enqueues to, and a server only write access to its
 * callers' reply streams (decision record 0016). This holds on a standalone Redis, which the
 * transport uses; a cluster would refuse undeclared keys.
 */

/**
 * ARGV: replicas zset, request stream, maxlen, then the request's fields.
 * Enqueues the request only when a replica's heartbeat is live, in one round trip: a request
 * nobody consumes fails at once instead of waiting for its deadline. Returns the entry id, or
 * false when nobody is live.
 */
export const ENQUEUE_IF_LIVE = new LuaScript(`${NOW}
if redis.call('ZCOUNT', ARGV[1], now, '+inf') == 0 then return false end
return redis.call('XADD', ARGV[2], 'MAXLEN', '~', ARGV[3], '*', unpack(ARGV, 4))`);

/**
 * KEYS: request stream. ARGV: reply stream, group, entry id, reply ttl ms, then the reply's
 * fields. Reply and ack in one step: a reply without an ack would be handled again after a
 * reclaim, an ack without a reply would leave the client waiting for nothing.
 */
export const REPLY_AND_ACK = new LuaScript(`
redis.call('XADD', ARGV[1], '*', unpack(ARGV, 5))
redis.call('PEXPIRE', ARGV[1], ARGV[4])
redis.call('XACK', KEYS[1], ARGV[2], ARGV[3])
redis.call('XDEL', KEYS[1], ARGV[3])
return 1`);

/** KEYS: request stream. ARGV: group, entry id. Acks and deletes a request in one round trip. */
export const ACK_AND_DELETE = new LuaScript(`
redis.call('XACK', KEYS[1], ARGV[1], ARGV[2])
return redis.call('XDEL', KEYS[1], ARGV[2])`);

/**
 * KEYS: replicas zset. Returns the live replicas and forgets expired ones; a forgotten replica
 * is still recognised as dead by its absence.
 */
export const LIVE_MEMBERS = new LuaScript(`${NOW}
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', '(' .. now)
return redis.call('ZRANGEBYSCORE', KEYS[1], now, '+inf')`);

/**
 * KEYS: stream. ARGV: group, consumer. Deletes the consumer only if it holds no pending entry,
 * checked atomically so an entry delivered in between cannot be dropped with it.
 * Returns 1 when deleted, 0 when it still has pending entries.
 */
export const DELETE_IDLE_CONSUMER = new LuaScript(`
local pending = redis.call('XPENDING', KEYS[1], ARGV[1], '-', '+', 1, ARGV[2])
if #pending > 0 then return 0 end
redis.call('XGROUP', 'DELCONSUMER', KEYS[1], ARGV[1], ARGV[2])
return 1`);
