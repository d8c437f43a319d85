import { queueConfigSchema, schemaOwningConfigSchema } from '@upright/platform';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { AveragesRule } from './averages/period';

/** Accounts' variables on top of every schema-owning service's. */
export const accountsConfigSchema = schemaOwningConfigSchema
  // QUEUE_PREFIX: the key prefix of the mail and member-deletion queues (agreements).
  .extend(queueConfigSchema.shape)
  .extend({
    /**
     * HMAC key of the unsubscribe links in mails; rotating it voids every mailed link. Outside
     * production it may be absent: each process then makes a random one.
     */
    UNSUBSCRIBE_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    /** A session unused this long ends (idle timeout), however long its TTL. */
    SESSION_IDLE_MINUTES: z.coerce.number().int().min(5).max(525_600).default(10_080),
    /** The averages stay the defaults until this many weighted members count (privacy). */
    AVERAGES_MIN_MEMBERS: z.coerce.number().int().min(1).max(10_000).default(10),
    RESET_TOKEN_TTL_MINUTES: z.coerce.number().int().min(5).max(1440).default(60),
    VERIFY_TOKEN_TTL_HOURS: z.coerce.number().int().min(1).max(720).default(72),
    /**
     * Visitors' rankings follow the members' averages at most this often
     * (docs/product/rules.md#s11); 0 = at once.
     */
    AVERAGES_REFRESH_S: z.coerce.number().int().min(0).max(3600).default(60),
    /**
     * Averages are released to visitors only once this many members joined, left or changed
     * their priorities since the last release, so that no one member's priorities can be read
     * from two publications (decision 0043). 1 (every change) is for tests only.
     */
    AVERAGES_MIN_CHANGES: z.coerce.number().int().min(1).max(10_000).default(10),
    /**
     * Decision 0055: `monthly` (weights frozen per month, members of standing, trimmed mean) or
     * `immediate` (a publication weighs visitors' rankings at once). Unset: `monthly` in
     * production, `immediate` elsewhere, so dev and test stacks with minutes-old members work.
     */
    AVERAGES_RULE: z.enum(['monthly', 'immediate']).optional(),
    /**
     * Password hashes (sign-up, sign-in, reset, settings) run at once in this process (decision
     * 0059): each takes 19 MiB and a core for tens of milliseconds, so about the cores it has.
     */
    PASSWORD_HASH_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
    /**
     * Password hashes that may wait for a slot; beyond, the request is refused at once
     * (`service_unavailable`, 503 with Retry-After at the BFF) rather than queued. The default
     * keeps the longest wait to four rounds of two hashes, well under 100 ms.
     */
    PASSWORD_HASH_WAITING: z.coerce.number().int().min(0).max(256).default(8),
    /**
     * The CPU priority (a nice value, 0–19) of the threads that hash passwords (decision 0065):
     * below the event loops serving requests (0), so a crowd of sign-ins slows sign-ins rather
     * than every page on the machine. 0 runs them as the service's own threads.
     */
    PASSWORD_WORK_NICE: z.coerce.number().int().min(0).max(19).default(10),
  })
  .superRefine((config, context) => {
    if (config.NODE_ENV === 'production' && !config.UNSUBSCRIBE_SECRET) {
      context.addIssue({
        code: 'custom',
        path: ['UNSUBSCRIBE_SECRET'],
        message: 'is required in production',
      });
    }
    if (config.NODE_ENV === 'production' && config.AVERAGES_MIN_CHANGES < 2) {
      context.addIssue({
        code: 'custom',
        path: ['AVERAGES_MIN_CHANGES'],
        message: "must be at least 2 in production: 1 publishes each member's change alone",
      });
    }
    if (config.NODE_ENV === 'production' && config.AVERAGES_RULE === 'immediate') {
      context.addIssue({
        code: 'custom',
        path: ['AVERAGES_RULE'],
        message: 'must be monthly in production: a burst of new accounts would move every ranking',
      });
    }
  });
export type AccountsConfig = z.infer<typeof accountsConfigSchema>;

/** The rule in force (decision 0055): `AVERAGES_RULE`, else by NODE_ENV. */
export function averagesRule(
  config: Pick<AccountsConfig, 'AVERAGES_RULE' | 'NODE_ENV'>,
): AveragesRule {
  return config.AVERAGES_RULE ?? (config.NODE_ENV === 'production' ? 'monthly' : 'immediate');
}

let processSecret: string | undefined;

export function unsubscribeSecret(config: AccountsConfig): string {
  return config.UNSUBSCRIBE_SECRET ?? (processSecret ??= randomBytes(32).toString('hex'));
}
