import { commonConfigSchema, smtpUrl } from '@upright/platform';
import { z } from 'zod';

const httpUrl = z
  .string()
  .refine(
    (value) => {
      try {
        return ['http:', 'https:'].includes(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    { message: 'must be a URL starting with http:// or https://' },
  )
  .transform((value) => value.replace(/\/+$/, ''));

/** Variables of the mail process; SMTP_URL may carry credentials and is never logged. */
export const mailConfigSchema = commonConfigSchema.extend({
  SMTP_URL: smtpUrl,
  /** The sender address of every mail; the display name is PRODUCT_NAME. */
  MAIL_FROM: z.email(),
  /** Where contact-form messages and correction requests go. */
  CONTACT_INBOX: z.email(),
  PRODUCT_NAME: z.string().min(1).default('Upright'),
  /** Origin of the web app, for the links in mails. */
  PUBLIC_URL: httpUrl.default('http://localhost:8080'),
  QUEUE_PREFIX: z
    .string()
    .regex(/^[a-z0-9-]+$/, 'must be lowercase letters, digits and hyphens')
    .default('upright'),
  /** Mails sent at the same time; also the number of pooled SMTP connections. */
  MAIL_CONCURRENCY: z.coerce.number().int().min(1).max(50).default(5),
  /**
   * How long a job stays locked to this process without a renewal. After a crash, its jobs go
   * back to the queue once the lock has expired, so this bounds the delay of the redelivery.
   */
  MAIL_LOCK_DURATION_MS: z.coerce.number().int().min(1000).max(600_000).default(30_000),
});
export type MailConfig = z.infer<typeof mailConfigSchema>;
