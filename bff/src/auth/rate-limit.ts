import {
  CanActivate,
  ExecutionContext,
  HttpException,
  Inject,
  Injectable,
  SetMetadata,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ERROR_TEXTS, RETRY_AFTER_SECONDS, type ErrorBody } from '@upright/contracts';
import { RedisConnection } from '@upright/platform';
import type { Request, Response } from 'express';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { BFF_CONFIG, type BffConfig } from '../config';

/** The limited actions (issue 4: sign-in, sign-up, reset and contact) and their config. */
const LIMITS = {
  signin: 'RATE_LIMIT_SIGNIN',
  signup: 'RATE_LIMIT_SIGNUP',
  reset: 'RATE_LIMIT_RESET',
  contact: 'RATE_LIMIT_CONTACT',
} as const;
export type LimitedAction = keyof typeof LIMITS;

const RATE_LIMIT = 'upright:rate-limit';
/** Limits a route per client address: `@RateLimit('signin')` with `@UseGuards(RateLimitGuard)`. */
export const RateLimit = (action: LimitedAction) => SetMetadata(RATE_LIMIT, action);

/**
 * Counts in Redis, so every BFF replica shares the budget. Over it: 429 `rate_limited` with
 * the spec's retry advice (`Retry-After: 15`). If Redis is unreachable the request goes
 * through rather than locking every member out.
 */
@Injectable()
export class RateLimitGuard implements CanActivate {
  private readonly limiters: Record<LimitedAction, RateLimiterRedis>;

  constructor(
    private readonly reflector: Reflector,
    redis: RedisConnection,
    @Inject(BFF_CONFIG) config: BffConfig,
  ) {
    this.limiters = Object.fromEntries(
      Object.entries(LIMITS).map(([action, variable]) => {
        const { points, seconds } = config[variable];
        const limiter = new RateLimiterRedis({
          storeClient: redis.redis,
          keyPrefix: `${config.TRANSPORT_PREFIX}:rate-limit:${action}`,
          points,
          duration: seconds,
        });
        return [action, limiter];
      }),
    ) as Record<LimitedAction, RateLimiterRedis>;
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const action = this.reflector.get<LimitedAction | undefined>(RATE_LIMIT, context.getHandler());
    if (action === undefined) return true;
    const http = context.switchToHttp();
    const request = http.getRequest<Request>();
    try {
      await this.limiters[action].consume(request.ip ?? 'unknown');
      return true;
    } catch (outcome) {
      if (!(outcome instanceof RateLimiterRes)) return true;
      http.getResponse<Response>().setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
      const body: ErrorBody = { error: { code: 'rate_limited', message: ERROR_TEXTS.retryLater } };
      throw new HttpException(body, 429);
    }
  }
}
