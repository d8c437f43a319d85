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
 * callers' reply streams (decision 0016). This holds on a standalone Redis, which the
 * transport uses; a cluster would refuse undeclared keys.
 */

/**
 * How long past its heartbeat's expiry a replica still counts as a consumer for enqueueing. One
 * that stalls (a long GC, a burst of CPU work) keeps receiving requests and answers them late,
 * instead of its callers getting 503s; what it holds is still claimed by the others from the
 * expiry on (decision 0051). With the 1 s TTL: a service whose last replica died answers
 * 503 after 5 s, as it did with the former 5 s TTL.
 */
export const ENQUEUE_GRACE_MS = 4000;

/**
 * ARGV: replicas zset, request stream, maxlen, grace ms, then the request's fields.
 * Enqueues the request only when a replica's heartbeat is live (or expired less than the grace
 * ago), in one round trip: a request nobody consumes fails at once instead of waiting for its
 * deadline. Returns the entry id, or false when nobody is live.
 */
export const ENQUEUE_IF_LIVE = new LuaScript(`${NOW}
if redis.call('ZCOUNT', ARGV[1], now - tonumber(ARGV[4]), '+inf') == 0 then return false end
return redis.call('XADD', ARGV[2], 'MAXLEN', '~', ARGV[3], '*', unpack(ARGV, 5))`);

/** Lua: whether entry ARGV[2] of stream KEYS[1] is still pending on consumer ARGV[3] of group ARGV[1]. */
const OWNED = `local owned = #redis.call('XPENDING', KEYS[1], ARGV[1], ARGV[2], ARGV[2], 1, ARGV[3]) > 0
`;

/**
 * KEYS: request stream, the request's marker. ARGV: group, entry id, consumer, marker ttl ms.
 * Whether this consumer may start the handler of an entry, in one round trip:
 * - `gone`: the entry is no longer pending on this consumer (another replica claimed it while
 *   this one was cut off from Redis, or it was answered): not ours to run or answer;
 * - `first`: nobody started it before; the marker now names the entry;
 * - `again`: a replica started this very entry before and did not finish it (it died, or lost
 *   Redis): run again only if the pattern may repeat (decision 0051);
 * - `replay`: the marker names another entry: a copy of a request already taken (0016).
 */
export const ADMIT = new LuaScript(`${OWNED}
if not owned then return 'gone' end
local previous = redis.call('GET', KEYS[2])
if not previous then
  redis.call('SET', KEYS[2], ARGV[2], 'PX', ARGV[4])
  return 'first'
end
if previous == ARGV[2] then return 'again' end
return 'replay'`);

/**
 * KEYS: request stream, and for a request that only reads, its marker. ARGV: group, entry id,
 * consumer, reply stream, reply ttl ms, marker ttl ms (unused without a marker), then the reply's
 * fields. Reply and ack in one step: a reply without an ack would be handled again after a
 * reclaim, an ack without a reply would leave the client waiting for nothing. Only while the
 * entry is still this consumer's: once another replica claimed it, that one answers (returns 0).
 * A read is checked for replay here rather than before its handler (ADMIT), saving a round trip
 * per read: when its marker names another entry, this one is a copy of a request already
 * answered or being answered, and is dropped unanswered (returns 2; decision 0051).
 */
export const REPLY_AND_ACK = new LuaScript(`${OWNED}
if not owned then return 0 end
if KEYS[2] then
  local previous = redis.call('GET', KEYS[2])
  if previous and previous ~= ARGV[2] then
    redis.call('XACK', KEYS[1], ARGV[1], ARGV[2])
    redis.call('XDEL', KEYS[1], ARGV[2])
    return 2
  end
  if not previous then redis.call('SET', KEYS[2], ARGV[2], 'PX', ARGV[6]) end
end
redis.call('XADD', ARGV[4], '*', unpack(ARGV, 7))
redis.call('PEXPIRE', ARGV[4], ARGV[5])
redis.call('XACK', KEYS[1], ARGV[1], ARGV[2])
redis.call('XDEL', KEYS[1], ARGV[2])
return 1`);

/** What REPLY_AND_ACK did: answered, found the entry another replica's, or dropped a copy. */
export type ReplyOutcome = 'answered' | 'taken-over' | 'replay';

export function parseReplyOutcome(raw: unknown): ReplyOutcome {
  switch (Number(raw)) {
    case 1:
      return 'answered';
    case 0:
      return 'taken-over';
    case 2:
      return 'replay';
    default:
      throw new Error(`Unexpected reply answer ${String(raw)}`);
  }
}

/** KEYS: request stream. ARGV: group, entry id. Acks and deletes a request in one round trip. */
export const ACK_AND_DELETE = new LuaScript(`
redis.call('XACK', KEYS[1], ARGV[1], ARGV[2])
return redis.call('XDEL', KEYS[1], ARGV[2])`);

/**
 * KEYS: replicas zset. ARGV: grace ms. Returns the live replicas and forgets those expired for
 * longer than the enqueue grace; a forgotten replica is still recognised as dead by its absence.
 */
export const LIVE_MEMBERS = new LuaScript(`${NOW}
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', '(' .. (now - tonumber(ARGV[1])))
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
