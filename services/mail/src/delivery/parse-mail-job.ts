import {
  ACCOUNT_CHANGES,
  MailKinds,
  type MailJob,
  type MailJobData,
  type MailKind,
} from '@upright/contracts';
import { z } from 'zod';

/** A job this worker can never send, whatever the retries: it goes to the dead letters at once. */
export class InvalidMailJobError extends Error {
  override readonly name = 'InvalidMailJobError';
}

const dateString = z
  .string()
  .max(40)
  .refine((value) => !Number.isNaN(Date.parse(value)), 'must be a date');
const token = z.string().min(1).max(512);
const name = z.string().max(200);

const recipient = z.object({
  uid: z.string().min(1).max(100),
  email: z.email().max(320),
  firstName: name,
  unsubscribeKey: token,
});

/** Each schema is checked against the contract's type, so the two cannot drift apart. */
const SCHEMAS: { [K in MailKind]: z.ZodType<MailJobData[K]> } = {
  welcome: z.object({ recipient }),
  'password-reset': z.object({ recipient, resetHash: token, expiresAt: dateString }),
  'email-verification': z.object({ recipient, verifyHash: token }),
  contact: z.object({
    fromName: name.min(1),
    fromEmail: z.email().max(320),
    message: z.string().min(1).max(20_000),
    uid: z.string().min(1).max(100).nullable(),
    reportTitle: z.string().max(500).nullable(),
  }),
  'discontinue-confirmation': z.object({ recipient, finalDate: dateString }),
  'account-changed': z.object({
    recipient,
    change: z.enum(ACCOUNT_CHANGES),
    changedAt: dateString,
  }),
  'email-in-use': z.object({ recipient }),
  'rank-alert': z.object({
    recipient,
    company: z.object({ upright_cid: z.string().min(1).max(64), company_name: name.min(1) }),
    period: z.object({
      period_year: z.number().int().min(2000).max(2100),
      period_qrt: z.number().int().min(1).max(4),
    }),
    moves: z
      .array(
        z.object({
          industry: z.string().min(1).max(100),
          industry_text: z.string().min(1).max(300),
          slug: z.string().min(1).max(300),
          from: z.number().int().min(1),
          to: z.number().int().min(1),
          of: z.number().int().min(1),
        }),
      )
      .min(1)
      .max(100),
  }),
};

const KINDS = new Set<string>(Object.values(MailKinds));

/**
 * Checks a job taken from the queue (its name is the kind). Producers are typed against the
 * contract, but the queue is a boundary: a stale producer or a hand-added job must not become a
 * mail with holes in it. Field names only in the error, never values (they are personal data).
 */
export function parseMailJob(kind: string, data: unknown): MailJob {
  if (!KINDS.has(kind)) throw new InvalidMailJobError(`unknown mail kind "${kind.slice(0, 50)}"`);
  const parsed = SCHEMAS[kind as MailKind].safeParse(data);
  if (!parsed.success) {
    const fields = [...new Set(parsed.error.issues.map((issue) => issue.path.join('.') || 'data'))];
    throw new InvalidMailJobError(`invalid ${kind} job: ${fields.join(', ')}`);
  }
  return { kind, data: parsed.data } as MailJob;
}

/** The member a job's mail is about, for logs and the dead-letter view (no other personal data). */
/** What a sent or dead-lettered job keeps: the member's uid only (contact: the sender's). */
export function redactedMailData(data: unknown): { uid: string | null; redacted: true } {
  return { uid: recipientUid(data), redacted: true };
}

export function isRedactedMailData(data: unknown): boolean {
  return (
    typeof data === 'object' && data !== null && (data as { redacted?: unknown }).redacted === true
  );
}

export function recipientUid(data: unknown): string | null {
  if (typeof data !== 'object' || data === null) return null;
  const record = data as { recipient?: { uid?: unknown }; uid?: unknown };
  const uid = record.recipient?.uid ?? record.uid;
  return typeof uid === 'string' ? uid.slice(0, 100) : null;
}
