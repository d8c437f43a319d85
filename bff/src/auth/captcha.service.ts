import { BadRequestException, Inject, Injectable } from '@nestjs/common';
import { ERROR_TEXTS, type CaptchaChallenge, type ErrorBody } from '@upright/contracts';
import { RedisConnection, SERVICE_CONFIG } from '@upright/platform';
import { randomBytes } from 'node:crypto';
import type { BffConfig } from '../config/config';
import { createChallenge, deriveKey, randomInt, verifySolution, type Payload } from './altcha';

/** How long a challenge may be solved and submitted. */
export const CAPTCHA_TTL_SECONDS = 10 * 60;
const ALGORITHM = 'SHA-256';

let processSecret: string | undefined;

function refused(): BadRequestException {
  const body: ErrorBody = {
    error: { code: 'validation_failed', message: ERROR_TEXTS.captchaFailed, field: 'altcha' },
  };
  return new BadRequestException(body);
}

/**
 * ALTCHA (docs/product/rules.md#s8): a self-hosted proof of work, signed with CAPTCHA_HMAC_SECRET,
 * that the sign-up, contact and reset forms submit solved in field `altcha`. A solved challenge is
 * used once (by one user action): its nonce is remembered in Redis until the challenge expires.
 */
@Injectable()
export class CaptchaService {
  private readonly secret: string;

  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: BffConfig,
    private readonly redis: RedisConnection,
  ) {
    this.secret = config.CAPTCHA_HMAC_SECRET ?? (processSecret ??= randomBytes(32).toString('hex'));
  }

  challenge(): Promise<CaptchaChallenge> {
    return createChallenge({
      algorithm: ALGORITHM,
      cost: this.config.CAPTCHA_COST,
      // Deterministic mode: the server picks the counter to find, so the work is bounded.
      counter: randomInt(
        this.config.CAPTCHA_MAX_COUNTER,
        Math.floor(this.config.CAPTCHA_MAX_COUNTER / 2),
      ),
      deriveKey,
      expiresAt: new Date(Date.now() + CAPTCHA_TTL_SECONDS * 1000),
      hmacSignatureSecret: this.secret,
      hmacKeySignatureSecret: this.secret,
    }) as unknown as Promise<CaptchaChallenge>;
  }

  /**
   * Throws a 400 naming `altcha` unless the payload is a fresh, correct solution not used before —
   * except by a try of the same user action: a solution is spent by the request's
   * `Idempotency-Key` digest (decision 0050), so a retry of a try that got no answer is
   * answered too.
   */
  async verify(altcha: string, spentBy?: string): Promise<void> {
    const payload = parsePayload(altcha);
    if (payload === null) throw refused();
    const result = await verifySolution({
      challenge: payload.challenge,
      solution: payload.solution,
      deriveKey,
      hmacSignatureSecret: this.secret,
      hmacKeySignatureSecret: this.secret,
    }).catch(() => null);
    if (!result?.verified) throw refused();
    const expiresAt = payload.challenge.parameters.expiresAt ?? 0;
    const ttl = Math.max(1, expiresAt - Math.floor(Date.now() / 1000));
    const key = `${this.config.TRANSPORT_PREFIX}:captcha:used:${payload.challenge.parameters.nonce}`;
    const first = await this.redis.redis.set(key, spentBy ?? '1', 'EX', ttl, 'NX');
    if (first === 'OK') return;
    if (spentBy === undefined || (await this.redis.redis.get(key)) !== spentBy) throw refused();
  }
}

function parsePayload(altcha: string): Payload | null {
  try {
    const payload = JSON.parse(Buffer.from(altcha, 'base64').toString('utf8')) as Payload;
    const parameters = payload?.challenge?.parameters;
    if (typeof parameters?.nonce !== 'string' || payload.solution === undefined) return null;
    if (parameters.algorithm !== ALGORITHM) return null;
    return payload;
  } catch {
    return null;
  }
}
