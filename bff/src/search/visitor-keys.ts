import { Inject, Injectable } from '@nestjs/common';
import { SERVICE_CONFIG } from '@upright/platform';
import type { Request } from 'express';
import { createHmac } from 'node:crypto';
import { sessionCookieKey } from '../auth/session-cookie';
import type { BffConfig } from '../config/config';
import { addressKey } from '../auth/address-key';

/**
 * A visitor's pseudonym for search analytics (decision 0020): a keyed hash of the client's
 * address key (an IPv6 client is its /64, so one line is one searcher) and the UTC day. Popular
 * searches count distinct searchers with it; the address itself never leaves the BFF, and
 * without the key (derived from SESSION_COOKIE_KEY) it cannot be recovered.
 */
@Injectable()
export class VisitorKeys {
  private readonly key: Buffer;

  constructor(@Inject(SERVICE_CONFIG) config: BffConfig) {
    this.key = createHmac('sha256', sessionCookieKey(config.SESSION_COOKIE_KEY))
      .update('upright visitor key v1')
      .digest();
  }

  of(request: Request, now = new Date()): string {
    return createHmac('sha256', this.key)
      .update(`${addressKey(request.ip ?? '')}\n${now.toISOString().slice(0, 10)}`)
      .digest('base64url')
      .slice(0, 32);
  }
}
