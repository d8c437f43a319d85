import {
  CanActivate,
  ExecutionContext,
  HttpException,
  Inject,
  Injectable,
  Logger,
  SetMetadata,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import {
  ERROR_TEXTS,
  isRemoteErrorPayload,
  RETRY_AFTER_SECONDS,
  retryLaterText,
  type ErrorBody,
} from '@upright/contracts';
import { RedisConnection, SERVICE_CONFIG } from '@upright/platform';
import type { Request, Response } from 'express';
import { createHmac } from 'node:crypto';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { BffConfig } from '../config/config';
import { addressKey } from './address-key';
import { LoadTestMode } from './load-test-mode';
import { sessionCookieKey } from './session-cookie';

/**
 * The limited actions and their config. Credential actions (sign-in, sign-up, reset and the
 * per-account budgets) fail closed: without Redis nobody can count guesses, so none are taken.
 */
const LIMITS = {
  signin: { variable: 'RATE_LIMIT_SIGNIN', credential: true },
  signup: { variable: 'RATE_LIMIT_SIGNUP', credential: true },
  reset: { variable: 'RATE_LIMIT_RESET', credential: true },
  contact: { variable: 'RATE_LIMIT_CONTACT', credential: false },
  captcha: { variable: 'RATE_LIMIT_CAPTCHA', credential: false },
  analytics: { variable: 'RATE_LIMIT_ANALYTICS', credential: false },
  signout: { variable: 'RATE_LIMIT_SIGNOUT', credential: false },
  unsubscribe: { variable: 'RATE_LIMIT_UNSUBSCRIBE', credential: false },
  /** A visitor's keyed writes (decision 0071); counted by the idempotency interceptor. */
  keyedWrite: { variable: 'RATE_LIMIT_KEYED_WRITES', credential: false },
  /** Per account (email or uid), not per address: wrong passwords. */
  account: { variable: 'RATE_LIMIT_ACCOUNT', credential: true },
  /** Per account: reset mails, apart, so that guesses never keep the owner from a reset. */
  resetMail: { variable: 'RATE_LIMIT_ACCOUNT', credential: true },
} as const;
export type LimitedAction = Exclude<keyof typeof LIMITS, 'account' | 'resetMail'>;

/** The per-account budgets: their Redis keys name the account only through a keyed hash. */
const PER_ACCOUNT: ReadonlySet<keyof typeof LIMITS> = new Set(['account', 'resetMail']);

/**
 * Keys of the per-account budgets: an email as accounts matches it (any case), or a member.
 * `RateLimits` stores them only as a MAC under a server secret (decision 0071): Redis lists no
 * address to try passwords against.
 */
export const accountKeys = {
  email: (email: string): string => `email:${email.trim().toLowerCase()}`,
  member: (uid: string): string => `member:${uid}`,
};

const RATE_LIMIT = 'upright:rate-limit';
/** Limits a route per client address: `@RateLimit('signin')` with `@UseGuards(RateLimitGuard)`. */
export const RateLimit = (action: LimitedAction) => SetMetadata(RATE_LIMIT, action);

/**
 * The real wait until the budget has a point again, never less than the spec's 15 seconds: a
 * family or campus network told "15 seconds" would retry into the same refusal (decision 0056).
 */
function tooMany(response: Response, refused: RateLimiterRes): HttpException {
  const seconds = Math.max(RETRY_AFTER_SECONDS, Math.ceil(refused.msBeforeNext / 1000));
  response.setHeader('Retry-After', String(seconds));
  const body: ErrorBody = { error: { code: 'rate_limited', message: retryLaterText(seconds) } };
  return new HttpException(body, 429);
}

function limiterAway(response: Response): HttpException {
  response.setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
  const body: ErrorBody = {
    error: { code: 'service_unavailable', message: ERROR_TEXTS.serviceUnavailable },
  };
  return new HttpException(body, 503);
}

/**
 * The failures that keep the point they spent: a wrong password at sign-in or verification
 * (`unauthenticated`), or a wrong current password (`validation_failed` on a password field).
 */
function isWrongPassword(error: unknown): boolean {
  if (!isRemoteErrorPayload(error)) return false;
  if (error.code === 'unauthenticated') return true;
  return (
    error.code === 'validation_failed' &&
    (error.field === 'current_password' || error.field === 'password') &&
    error.message.endsWith(ERROR_TEXTS.wrongPassword)
  );
}

/**
 * Gives back a point spent before a password check. Only while the window lasts: once it has
 * ended (or a completed reset cleared the budget) there is nothing to give back, and a refund
 * must not open a budget of its own below zero.
 */
const REFUND_SCRIPT = `if redis.call('exists', KEYS[1]) == 1 then return redis.call('decr', KEYS[1]) end
return 0`;

/**
 * Counts in Redis, so every BFF replica shares the budgets. Over one: 429 `rate_limited` with
 * the real wait (`Retry-After`, at least the spec's 15 seconds). Per client address (the
 * `addressKey` of `req.ip`, which believes exactly TRUSTED_PROXY_HOPS proxies) through the guard;
 * per account through `forAccount`.
 */
@Injectable()
export class RateLimits {
  private readonly logger = new Logger(RateLimits.name);
  private readonly limiters: Record<keyof typeof LIMITS, RateLimiterRedis>;
  private readonly accountSecret: Buffer;

  constructor(
    private readonly redis: RedisConnection,
    @Inject(SERVICE_CONFIG) config: BffConfig,
  ) {
    // Derived from the session cookie key as the CSRF key is: one configured secret, the same in
    // every replica, never in Redis.
    this.accountSecret = createHmac('sha256', sessionCookieKey(config.SESSION_COOKIE_KEY))
      .update('upright account budgets v1')
      .digest();
    this.limiters = Object.fromEntries(
      Object.entries(LIMITS).map(([action, { variable }]) => {
        const { points, seconds } = config[variable];
        const limiter = new RateLimiterRedis({
          storeClient: redis.redis,
          keyPrefix: `${config.TRANSPORT_PREFIX}:rate-limit:${action}`,
          points,
          duration: seconds,
        });
        return [action, limiter];
      }),
    ) as Record<keyof typeof LIMITS, RateLimiterRedis>;
  }

  /** Spends one request of `key`'s budget for the action. */
  async consume(action: keyof typeof LIMITS, key: string, response: Response): Promise<void> {
    try {
      await this.limiters[action].consume(this.stored(action, key));
    } catch (outcome) {
      if (outcome instanceof RateLimiterRes) throw tooMany(response, outcome);
      this.limiterFailed(action, outcome, response);
    }
  }

  /**
   * Runs a password check for one account (a lowercased email or a uid) within its budget of
   * wrong passwords. The point is spent before the check, atomically in Redis, so however many
   * guesses arrive at once no more than the budget are verified (reading the count first let
   * every guess in flight see the old one); it is given back unless the password was
   * wrong. Counting only failures keeps the owner able to sign in while somebody else guesses
   * elsewhere slowly.
   */
  async forAccount<T>(key: string, response: Response, attempt: () => Promise<T>): Promise<T> {
    await this.consume('account', key, response);
    try {
      const answer = await attempt();
      await this.refund(key);
      return answer;
    } catch (error) {
      if (!isWrongPassword(error)) await this.refund(key);
      throw error;
    }
  }

  /**
   * A completed password reset: the guesses against the account (by its email, or its member on
   * re-authentication) no longer hold the owner back, who signs in with the new password at
   * once. The reset mails' budget stays.
   */
  async clearAccount(account: { uid: string; email: string }): Promise<void> {
    const keys = [accountKeys.email(account.email), accountKeys.member(account.uid)];
    try {
      await Promise.all(
        keys.map((key) => this.limiters.account.delete(this.stored('account', key))),
      );
    } catch (error) {
      // The new password is saved either way; the old window runs out on its own.
      this.logger.warn(`account budget not cleared after a reset: ${String(error)}`);
    }
  }

  private async refund(key: string): Promise<void> {
    try {
      const stored = this.limiters.account.getKey(this.stored('account', key));
      await this.redis.redis.eval(REFUND_SCRIPT, 1, stored);
    } catch (error) {
      // The answer stands; the owner's budget is one point short until the window ends.
      this.logger.warn(`account budget refund failed: ${String(error)}`);
    }
  }

  /** The key a budget is counted under in Redis: an account only as a MAC. */
  private stored(action: keyof typeof LIMITS, key: string): string {
    if (!PER_ACCOUNT.has(action)) return key;
    return createHmac('sha256', this.accountSecret).update(key).digest('hex');
  }

  /** Credential routes fail closed (503); the others go through uncounted while Redis is away. */
  private limiterFailed(action: keyof typeof LIMITS, error: unknown, response: Response): void {
    this.logger.warn(`rate limiter for ${action} unavailable: ${String(error)}`);
    if (LIMITS[action].credential) throw limiterAway(response);
  }
}

/** Guard of `@RateLimit(action)` routes: one request of the client address's budget. */
@Injectable()
export class RateLimitGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly limits: RateLimits,
    private readonly loadTest: LoadTestMode,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const action = this.reflector.get<LimitedAction | undefined>(RATE_LIMIT, context.getHandler());
    if (action === undefined) return true;
    const http = context.switchToHttp();
    const request = http.getRequest<Request>();
    // Named load generators skip per-address budgets, never the per-account ones (decision 0044).
    if (this.loadTest.exempts(request.ip, request.headers)) return true;
    const address = addressKey(request.ip ?? '');
    await this.limits.consume(action, address, http.getResponse<Response>());
    return true;
  }
}
