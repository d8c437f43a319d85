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
import type { BffConfig } from '../config';

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

/** Ends a try that has nothing to keep, unless another try has taken the key since. */
const RELEASE_SCRIPT = `local raw = redis.call('GET', KEYS[1])
if not raw then return 0 end
local record = cjson.decode(raw)
if record.state ~= 'running' or record.claim ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[1], cjson.encode({fingerprint = record.fingerprint, state = 'open'}),
  'EX', tonumber(ARGV[2]))
return 1`;

/** The BFF's kept outcomes of keyed writes (decision record 0050), shared by every replica. */
@Injectable()
export class IdempotencyRecords {
  /** A try may call two services one after the other (a follow reads the company first). */
  private readonly runningMs: number;

  constructor(
    private readonly redis: RedisConnection,
    @Inject(SERVICE_CONFIG) private readonly config: BffConfig,
  ) {
    this.runningMs = 2 * config.REQUEST_DEADLINE_MS + 1000;
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
      String(IDEMPOTENCY_KEY_TTL_SECONDS),
    )) as [string, string?];
    if (kind === 'done') return { kind, outcome: openOutcome(cipherKey, detail!) as KeptOutcome };
    if (kind === 'running') return { kind, retryAfterMs: Number(detail) };
    if (kind === 'reused') return { kind };
    return { kind: 'begun', claim };
  }

  async keep(scope: string, fingerprint: string, outcome: KeptOutcome): Promise<void> {
    const { record, cipherKey } = this.where(scope);
    const sealed = sealOutcome(cipherKey, outcome);
    await this.redis.redis.set(
      record,
      JSON.stringify({ fingerprint, state: 'done', outcome: sealed }),
      'EX',
      IDEMPOTENCY_KEY_TTL_SECONDS,
    );
  }

  async release(scope: string, claim: string): Promise<void> {
    const { record } = this.where(scope);
    await this.redis.redis.eval(
      RELEASE_SCRIPT,
      1,
      record,
      claim,
      String(IDEMPOTENCY_KEY_TTL_SECONDS),
    );
  }
}
