import { Inject, Injectable } from '@nestjs/common';
import { IDEMPOTENCY_KEY_TTL_SECONDS } from '@upright/contracts';
import {
  openOutcome,
  outcomeKeys,
  RedisConnection,
  sealOutcome,
  SERVICE_CONFIG,
} from '@upright/platform';
import { randomUUID } from 'node:crypto';
import type { BffConfig } from '../config/config';

/** A request's outcome as it is answered again: status, the headers that matter, the body. */
export interface KeptOutcome {
  status: number;
  headers: Record<string, string | string[]>;
  body: unknown;
}

export type Begun =
  | { kind: 'begun'; claim: string }
  | { kind: 'done'; outcome: KeptOutcome }
  | { kind: 'running'; retryAfterMs: number }
  | { kind: 'reused' };

/**
 * How long a key without a kept outcome is remembered (a try running, or one that ended in a
 * 5xx): long enough for the web app's one retry after `Retry-After` (at most 15 s) and a person
 * pressing the button again, far shorter than the 24 h of a write that took effect.
 */
export const UNSETTLED_TTL_SECONDS = 10 * 60;

/**
 * One record per caller's key: the request's fingerprint and its state — `running` until a
 * moment (a replica that died while answering holds its keys no longer), `open` (the last try
 * ended without an outcome to keep: a 5xx), or `done` with the sealed outcome. Redis' clock
 * decides, so replicas' clocks need not agree.
 */
const BEGIN_SCRIPT = `local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local raw = redis.call('GET', KEYS[1])
if raw then
  local record = cjson.decode(raw)
  if record.fingerprint ~= ARGV[1] then return {'reused'} end
  if record.state == 'done' then return {'done', record.outcome} end
  if record.state == 'running' and record.till > now then
    return {'running', tostring(record.till - now)}
  end
end
redis.call('SET', KEYS[1], cjson.encode({fingerprint = ARGV[1], state = 'running',
  till = now + tonumber(ARGV[2]), claim = ARGV[3]}), 'EX', tonumber(ARGV[4]))
return {'begun'}`;

/**
 * Ends this try, unless another try has taken the key since: ARGV[2] '' forgets the key (nothing
 * happened worth a record), 'open' keeps only its fingerprint for a retry (a 5xx).
 */
const SETTLE_SCRIPT = `local raw = redis.call('GET', KEYS[1])
if not raw then return 0 end
local record = cjson.decode(raw)
if record.state ~= 'running' or record.claim ~= ARGV[1] then return 0 end
if ARGV[2] == '' then return redis.call('DEL', KEYS[1]) end
redis.call('SET', KEYS[1], cjson.encode({fingerprint = record.fingerprint, state = 'open'}),
  'EX', tonumber(ARGV[3]))
return 1`;

/**
 * Keeps a sealed outcome unless the window's bytes would pass the budget (the window starts with
 * its first write and lasts as long as an outcome, as the shared answers' does, so Redis holds at
 * most twice the budget); over it, the key is forgotten instead: a retry asks the service, which
 * answers the key by its own record.
 */
const KEEP_SCRIPT = `local size = string.len(ARGV[1])
local used = tonumber(redis.call('GET', KEYS[2]) or '0')
if used + size > tonumber(ARGV[2]) then
  redis.call('DEL', KEYS[1])
  return 0
end
if used == 0 then redis.call('SET', KEYS[2], size, 'EX', tonumber(ARGV[3]))
else redis.call('INCRBY', KEYS[2], size) end
redis.call('SET', KEYS[1], ARGV[1], 'EX', tonumber(ARGV[3]))
return 1`;

/** The BFF's kept outcomes of keyed writes (decisions 0050, 0071), shared by every replica. */
@Injectable()
export class IdempotencyRecords {
  /** A try may call two services one after the other (a follow reads the company first). */
  private readonly runningMs: number;
  private readonly budgetBytes: number;
  private readonly budgetKey: string;

  constructor(
    private readonly redis: RedisConnection,
    @Inject(SERVICE_CONFIG) private readonly config: BffConfig,
  ) {
    this.runningMs = 2 * config.REQUEST_DEADLINE_MS + 1000;
    this.budgetBytes = config.IDEMPOTENCY_RECORDS_MB * 1024 * 1024;
    this.budgetKey = `${config.TRANSPORT_PREFIX}:bff:idempotency-budget`;
  }

  private where(scope: string): { record: string; cipherKey: Buffer } {
    const { id, cipherKey } = outcomeKeys(`bff\n${scope}`);
    // Under the BFF's own keys (`{prefix}:bff:*`), which its Redis user may touch (decision 0017).
    return { record: `${this.config.TRANSPORT_PREFIX}:bff:idempotency:${id}`, cipherKey };
  }

  async begin(scope: string, fingerprint: string): Promise<Begun> {
    const { record, cipherKey } = this.where(scope);
    const claim = randomUUID();
    const [kind, detail] = (await this.redis.redis.eval(
      BEGIN_SCRIPT,
      1,
      record,
      fingerprint,
      String(this.runningMs),
      claim,
      String(UNSETTLED_TTL_SECONDS),
    )) as [string, string?];
    if (kind === 'done') return { kind, outcome: openOutcome(cipherKey, detail!) as KeptOutcome };
    if (kind === 'running') return { kind, retryAfterMs: Number(detail) };
    if (kind === 'reused') return { kind };
    return { kind: 'begun', claim };
  }

  /** The outcome of a write that took effect, for 24 h; false when the budget had no room. */
  async keep(scope: string, fingerprint: string, outcome: KeptOutcome): Promise<boolean> {
    const { record, cipherKey } = this.where(scope);
    const sealed = sealOutcome(cipherKey, outcome);
    const kept = await this.redis.redis.eval(
      KEEP_SCRIPT,
      2,
      record,
      this.budgetKey,
      JSON.stringify({ fingerprint, state: 'done', outcome: sealed }),
      String(this.budgetBytes),
      String(IDEMPOTENCY_KEY_TTL_SECONDS),
    );
    return kept === 1;
  }

  /** A try that failed in a way another try may not (a 5xx): the fingerprint stays a while. */
  async release(scope: string, claim: string): Promise<void> {
    const { record } = this.where(scope);
    await this.redis.redis.eval(
      SETTLE_SCRIPT,
      1,
      record,
      claim,
      'open',
      String(UNSETTLED_TTL_SECONDS),
    );
  }

  /** A try that changed nothing (a 4xx, a visitor's sign-out): nothing stays. */
  async forget(scope: string, claim: string): Promise<void> {
    const { record } = this.where(scope);
    await this.redis.redis.eval(SETTLE_SCRIPT, 1, record, claim, '', '0');
  }
}
