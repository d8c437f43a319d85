import type { ErrorBody } from '@upright/contracts';
import type { IncomingMessage } from 'node:http';
import { addressKey } from './address-key';

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

/**
 * A per-client budget (`addressKey`: an IPv6 client is its /64): the API's (docs/product/rules.md#s12,
 * every `/api` request counted once before anything else runs, kept answers included) and the
 * page renders' (decision 0049, every page made afresh). Counted in this replica's memory in fixed
 * windows (decision 0029): a Redis round trip per request would cost more than the kept answer it
 * guards, so each replica allows the budget and a client spread over n replicas may get up to n
 * times it.
 */
export class ClientBudget {
  private readonly counts = new Map<string, number>();
  private windowStart = 0;
  private readonly windowMs: number;

  constructor(
    private readonly limit: { points: number; seconds: number },
    private readonly trustedProxyHops: number,
    /** The BFF's own requests (its page renderer's), and load-test mode's: nobody's budget. */
    private readonly isOwnRequest: (request: IncomingMessage) => boolean,
    private readonly now: () => number = Date.now,
  ) {
    this.windowMs = limit.seconds * 1000;
  }

  /** null when the request may go on; otherwise the refusal to send. */
  admit(request: IncomingMessage): ApiRefusal | null {
    if (this.isOwnRequest(request)) return null;
    const now = this.now();
    if (now - this.windowStart >= this.windowMs) {
      // A new window forgets every address: memory is bounded by one window's clients.
      this.counts.clear();
      this.windowStart = now;
    }
    const address = addressKey(clientAddress(request, this.trustedProxyHops));
    const count = (this.counts.get(address) ?? 0) + 1;
    this.counts.set(address, count);
    if (count <= this.limit.points) return null;
    const retryAfterSeconds = Math.max(
      1,
      Math.ceil((this.windowStart + this.windowMs - now) / 1000),
    );
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
