import { z } from 'zod';

/** `points/seconds`: at most `points` requests per key (address or account) in `seconds`. */
export const rateLimit = z
  .string()
  .regex(/^[1-9][0-9]{0,5}\/[1-9][0-9]{0,5}$/, 'must look like 10/60 (requests/seconds)')
  .transform((value) => {
    const [points, seconds] = value.split('/').map(Number);
    return { points, seconds };
  });

/**
 * The BFF's auth variables (merged into bffConfigSchema). Secrets may be absent outside
 * production: each process then makes a random one (sessions and captchas do not outlive it).
 */
export const authConfigShape = {
  /** AES-256-GCM key of the session cookie: 32 bytes, base64. */
  SESSION_COOKIE_KEY: z
    .string()
    .refine((value) => Buffer.from(value, 'base64').length === 32, {
      message: 'must be 32 bytes in base64 (openssl rand -base64 32)',
    })
    .optional(),
  /** HMAC secret signing ALTCHA challenges. */
  CAPTCHA_HMAC_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** ALTCHA proof-of-work: SHA-256 rounds per attempt and the largest counter (difficulty). */
  CAPTCHA_COST: z.coerce.number().int().min(1).max(10_000).default(10),
  CAPTCHA_MAX_COUNTER: z.coerce.number().int().min(10).max(10_000_000).default(20_000),
  RATE_LIMIT_SIGNIN: rateLimit.default({ points: 10, seconds: 60 }),
  // A family, a campus or an office shares one address: enough for several members to join in
  // an evening; the captcha is the main control on sign-ups (decision 0056).
  RATE_LIMIT_SIGNUP: rateLimit.default({ points: 20, seconds: 600 }),
  RATE_LIMIT_RESET: rateLimit.default({ points: 5, seconds: 600 }),
  RATE_LIMIT_CONTACT: rateLimit.default({ points: 5, seconds: 600 }),
  /** Captcha challenges per client address: each costs the BFF an HMAC and Redis nothing. */
  RATE_LIMIT_CAPTCHA: rateLimit.default({ points: 30, seconds: 60 }),
  /** Search analytics writes (impressions, clicks) per client address. */
  RATE_LIMIT_ANALYTICS: rateLimit.default({ points: 120, seconds: 60 }),
  /** Sign-outs per client address: one costs accounts a call even when it ends nothing. */
  RATE_LIMIT_SIGNOUT: rateLimit.default({ points: 30, seconds: 60 }),
  /** Unsubscribes from a mailed link per client address: each checks a signed key. */
  RATE_LIMIT_UNSUBSCRIBE: rateLimit.default({ points: 10, seconds: 600 }),
  /**
   * A visitor's writes that carry `Idempotency-Key` per client address, whatever the route: each
   * may leave a record in Redis for 24 h, so their number is bounded per address (decision 0071).
   */
  RATE_LIMIT_KEYED_WRITES: rateLimit.default({ points: 60, seconds: 600 }),
  /**
   * Per account (email or member), whatever the address: wrong passwords (sign-in, verify,
   * current password) and reset mails.
   */
  RATE_LIMIT_ACCOUNT: rateLimit.default({ points: 10, seconds: 900 }),
  /**
   * Every `/api` request per client address, kept answers included (docs/product/rules.md#s12: the
   * public API is rate-limited per client). Raise it for load tests run from one machine.
   */
  RATE_LIMIT_API: rateLimit.default({ points: 600, seconds: 60 }),
};

const SECRETS = ['SESSION_COOKIE_KEY', 'CAPTCHA_HMAC_SECRET'] as const;

export function requireAuthSecretsInProduction(
  config: { NODE_ENV: string } & { [K in (typeof SECRETS)[number]]?: string },
  context: z.RefinementCtx,
): void {
  if (config.NODE_ENV !== 'production') return;
  for (const name of SECRETS) {
    if (!config[name]) {
      context.addIssue({ code: 'custom', path: [name], message: 'is required in production' });
    }
  }
}
