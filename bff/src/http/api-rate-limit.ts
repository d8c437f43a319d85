import { Logger } from '@nestjs/common';
import type { ErrorBody } from '@upright/contracts';
import type { RedisConnection } from '@upright/platform';
import type { IncomingMessage } from 'node:http';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';

/** A refusal: how long the client must wait, and what to tell it. */
export interface ApiRefusal {
  retryAfterSeconds: number;
  body: ErrorBody;
}

/**
 * The client's address as Express's `req.ip` works it out with `trust proxy` set to a hop
 * count: the socket's peer, or with `hops` proxies trusted, the address that many steps back
 * in `X-Forwarded-For` (never further than the header goes).
 */
export function clientAddress(request: IncomingMessage, hops: number): string {
  const forwarded = String(request.headers['x-forwarded-for'] ?? '')
    .split(',')
    .map((address) => address.trim())
    .filter((address) => address !== '');
  const chain = [request.socket.remoteAddress ?? 'unknown', ...forwarded.reverse()];
  return chain[Math.min(hops, chain.length - 1)];
}

export function isApiRequest(request: IncomingMessage): boolean {
  const url = request.url ?? '';
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

/**
 * Decisions §12: the API is rate-limited per client. Every `/api` request is counted once, in
 * Redis (so all replicas share the budget), before the fast path or the application sees it:
 * kept answers cost a client its budget like any other. A client over budget is refused from
 * memory until its window ends (no Redis call per refused request). While Redis is away the API
 * stays open, uncounted: reads must not fail because a counter cannot be reached.
 */
export class ApiRateLimit {
  private readonly logger = new Logger(ApiRateLimit.name);
  private readonly limiter: RateLimiterRedis;

  constructor(
    redis: RedisConnection['redis'],
    keyPrefix: string,
    limit: { points: number; seconds: number },
    private readonly trustedProxyHops: number,
  ) {
    this.limiter = new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: `${keyPrefix}:rate-limit:api`,
      points: limit.points,
      duration: limit.seconds,
      inMemoryBlockOnConsumed: limit.points + 1,
    });
  }

  /** null when the request may go on; otherwise the refusal to send. */
  async admit(request: IncomingMessage): Promise<ApiRefusal | null> {
    try {
      await this.limiter.consume(clientAddress(request, this.trustedProxyHops));
      return null;
    } catch (outcome) {
      if (!(outcome instanceof RateLimiterRes)) {
        this.logger.warn(`API rate limiter unavailable: ${String(outcome)}`);
        return null;
      }
      const retryAfterSeconds = Math.max(1, Math.ceil(outcome.msBeforeNext / 1000));
      return {
        retryAfterSeconds,
        body: {
          error: {
            code: 'rate_limited',
            message: `Too many requests from this address. Please wait ${retryAfterSeconds} seconds and try again.`,
          },
        },
      };
    }
  }
}
