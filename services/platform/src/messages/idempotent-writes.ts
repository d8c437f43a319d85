import {
  CallHandler,
  ExecutionContext,
  Inject,
  Injectable,
  Module,
  NestInterceptor,
} from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { PATTERN_METADATA } from '@nestjs/microservices/constants';
import {
  IDEMPOTENCY_KEY_FIELD,
  IDEMPOTENCY_KEY_TTL_SECONDS,
  IDEMPOTENCY_TEXTS,
  idempotencyKeyFieldSchema,
} from '@upright/contracts';
import { createCipheriv, createDecipheriv, createHash, randomBytes, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { from, lastValueFrom, type Observable } from 'rxjs';
import {
  PLATFORM_CONFIG,
  RedisConnection,
  type PlatformConfig,
} from '../bootstrap/redis-connection';
import type { CommonConfig } from '../config/common-schema';
import { SERVICE_CONFIG } from '../config/config.module';
import { remoteError } from './remote-error';

/**
 * What a kept outcome is stored under and sealed with, both derived from the request's key: Redis
 * holds neither the key nor a readable outcome (a sign-up's reply carries a session token, which
 * accounts' sealed patterns keep out of Redis), and only a caller that holds the key opens it.
 */
export function outcomeKeys(material: string): { id: string; cipherKey: Buffer } {
  const digest = (label: string) => createHash('sha256').update(`${label}\n${material}`).digest();
  return { id: digest('id').toString('hex'), cipherKey: digest('seal') };
}

/** AES-256-GCM: nonce, tag and ciphertext in one base64 string. */
export function sealOutcome(cipherKey: Buffer, outcome: unknown): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', cipherKey, nonce);
  const sealed = Buffer.concat([
    cipher.update(JSON.stringify({ outcome }), 'utf8'),
    cipher.final(),
  ]);
  return Buffer.concat([nonce, cipher.getAuthTag(), sealed]).toString('base64');
}

export function openOutcome(cipherKey: Buffer, sealed: string): unknown {
  const bytes = Buffer.from(sealed, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', cipherKey, bytes.subarray(0, 12));
  decipher.setAuthTag(bytes.subarray(12, 28));
  const plain = Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]);
  return (JSON.parse(plain.toString('utf8')) as { outcome: unknown }).outcome;
}

const PENDING = 'pending:';
const DONE = 'done:';
const POLL_MS = 50;
const RELEASE_SCRIPT = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end
return 0`;

/**
 * A write whose request carries `idempotencyKey` (the BFF's digest of one user action) is applied
 * once per key and pattern, however many times it arrives: a client's retry after a lost answer,
 * or the transport re-running it on another replica after the first one died (decision record
 * 0050). The first try claims the key for one request deadline; its reply is kept sealed for
 * 24 h and answers every later try. A try that finds the claim waits for that reply or for the
 * claim to lapse (its holder died), then applies it itself. A failure keeps nothing: nothing was
 * applied, so the next try runs. What remains: a replica that dies after its write committed and
 * before the reply is kept lets one retry apply it again (decision 0050).
 */
@Injectable()
export class IdempotentWrites implements NestInterceptor {
  private readonly claimMs: number;

  private readonly keyPrefix: string;

  constructor(
    private readonly redis: RedisConnection,
    @Inject(SERVICE_CONFIG) config: CommonConfig,
    @Inject(PLATFORM_CONFIG) platform: PlatformConfig,
  ) {
    this.claimMs = config.REQUEST_DEADLINE_MS;
    // The service's own keys (`{prefix}:{service}:*`), which its Redis user may touch (decision 0017).
    this.keyPrefix = `${platform.transportPrefix}:${platform.service}:idempotent:`;
  }

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'rpc') return next.handle();
    const data = context.switchToRpc().getData<Record<string, unknown> | null>();
    const key = data?.[IDEMPOTENCY_KEY_FIELD];
    if (data === null || key === undefined) return next.handle();
    if (!idempotencyKeyFieldSchema.safeParse(key).success) {
      throw remoteError(
        'validation_failed',
        'idempotencyKey must be a request digest',
        'idempotencyKey',
      );
    }
    const patterns = (Reflect.getMetadata(PATTERN_METADATA, context.getHandler()) ??
      []) as unknown[];
    return from(
      this.once(`${String(patterns[0])}\n${String(key)}`, () =>
        lastValueFrom(next.handle(), { defaultValue: null }),
      ),
    );
  }

  private async once(material: string, apply: () => Promise<unknown>): Promise<unknown> {
    const { id, cipherKey } = outcomeKeys(material);
    const record = `${this.keyPrefix}${id}`;
    const claim = `${PENDING}${randomUUID()}`;
    const giveUpAt = Date.now() + 2 * this.claimMs;
    for (;;) {
      const claimed = await this.redis.redis.set(record, claim, 'PX', this.claimMs, 'NX');
      if (claimed === 'OK') break;
      const found = await this.redis.redis.get(record);
      if (found?.startsWith(DONE)) return openOutcome(cipherKey, found.slice(DONE.length));
      if (found === null) continue;
      if (Date.now() > giveUpAt) {
        throw remoteError('conflict', IDEMPOTENCY_TEXTS.inFlight, 'Idempotency-Key');
      }
      await sleep(POLL_MS);
    }
    let outcome: unknown;
    try {
      outcome = await apply();
    } catch (error) {
      await this.redis.redis.eval(RELEASE_SCRIPT, 1, record, claim).catch(() => undefined);
      throw error;
    }
    const sealed = `${DONE}${sealOutcome(cipherKey, outcome)}`;
    await this.redis.redis.set(record, sealed, 'EX', IDEMPOTENCY_KEY_TTL_SECONDS);
    return outcome;
  }
}

/** Import into a service that takes keyed writes: every message handler of it applies them once. */
@Module({ providers: [{ provide: APP_INTERCEPTOR, useClass: IdempotentWrites }] })
export class IdempotentWritesModule {}
