import { commonConfigSchema, publicUrl, queueConfigSchema, smtpUrl } from '@upright/platform';
import { z } from 'zod';

/** Variables of the mail process; SMTP_URL may carry credentials and is never logged. */
export const mailConfigSchema = commonConfigSchema.extend(queueConfigSchema.shape).extend({
  SMTP_URL: smtpUrl,
  /** The sender address of every mail; the display name is PRODUCT_NAME. */
  MAIL_FROM: z.email(),
  /** Where contact-form messages and correction requests go. */
  CONTACT_INBOX: z.email(),
  PRODUCT_NAME: z.string().min(1).default('Upright'),
  /** Origin of the web app, for the links in mails. */
  PUBLIC_URL: publicUrl,
  /** Mails sent at the same time; also the number of pooled SMTP connections. */
  MAIL_CONCURRENCY: z.coerce.number().int().min(1).max(50).default(5),
  /**
   * How long a job stays locked to this process without a renewal (renewed every half of it).
   * After a crash its jobs go back to the queue within 1.4 × this once a mail process runs:
   * the lock, then at most two stalled checks, one every fifth of it (decision 0051).
   */
  MAIL_LOCK_DURATION_MS: z.coerce.number().int().min(1000).max(600_000).default(10_000),
  /**
   * Mails a visitor can cause (sign-up, reset, correction receipt, …) that one address receives
   * per window; beyond it they are suppressed, not sent (decision 0041).
   */
  MAIL_RECIPIENT_BUDGET: z.coerce.number().int().min(1).max(1000).default(10),
  MAIL_RECIPIENT_WINDOW_HOURS: z.coerce.number().int().min(1).max(168).default(24),
});
export type MailConfig = z.infer<typeof mailConfigSchema>;
