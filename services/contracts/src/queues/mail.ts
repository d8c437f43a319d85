import { z } from 'zod';
import { jobsByName } from './job-schemas';
import { Queues, type QueueName } from './names';
import { periodSchema } from './rank-alerts';

/**
 * The mail queues (docs/product/rules.md#s2, decision 0041): each producer — accounts (with the
 * BFF's contact form, through accounts) and rankings (correction requests) — adds to a queue of
 * its own (`MAIL_PRODUCERS`); the mail service's worker renders and sends from all of them.
 * Producers choose the job id so a retried request never sends twice: use `mailJobId`.
 */
export const MailKinds = {
  welcome: 'welcome',
  passwordReset: 'password-reset',
  emailVerification: 'email-verification',
  contact: 'contact',
  discontinueConfirmation: 'discontinue-confirmation',
  accountChanged: 'account-changed',
  emailInUse: 'email-in-use',
  rankAlert: 'rank-alert',
  correctionReceived: 'correction-received',
  correctionResolved: 'correction-resolved',
} as const;
export type MailKind = (typeof MailKinds)[keyof typeof MailKinds];

/** A member a mail goes to. `unsubscribeKey` is signed by accounts; mail only puts it in links. */
export interface MailRecipient {
  uid: string;
  email: string;
  firstName: string;
  unsubscribeKey: string;
}

export interface MailJobData {
  welcome: { recipient: MailRecipient };
  /** `resetHash` is the clear single-use token; only its hash is stored by accounts. */
  'password-reset': { recipient: MailRecipient; resetHash: string; expiresAt: string };
  'email-verification': { recipient: MailRecipient; verifyHash: string };
  /** To the site's contact inbox; `reportTitle` when sent as a correction request. */
  contact: {
    fromName: string;
    fromEmail: string;
    message: string;
    uid: string | null;
    reportTitle: string | null;
  };
  'discontinue-confirmation': { recipient: MailRecipient; finalDate: string };
  /** To the address the account had before: its password or email was just changed. */
  'account-changed': { recipient: MailRecipient; change: AccountChange; changedAt: string };
  /** To the owner of an address another member tried to take (no 409 tells that member). */
  'email-in-use': { recipient: MailRecipient };
  /**
   * A followed company's rank moved in a new period (decision 0037): one mail per member,
   * company and period, listing each industry of the company whose new period moved it.
   */
  'rank-alert': {
    recipient: MailRecipient;
    company: { upright_cid: string; company_name: string };
    period: { period_year: number; period_qrt: number };
    moves: Array<{
      industry: string;
      industry_text: string;
      slug: string;
      from: number;
      to: number;
      of: number;
    }>;
  };
  /**
   * Sent at once when a correction is asked for: the reference, what it is about, the promise and
   * the ledger. Anyone can ask with any address, so it carries nothing the requester wrote — no
   * name, no text (decision 0041) — and cannot relay a message to a stranger.
   */
  'correction-received': {
    requester: Pick<CorrectionRequester, 'email'>;
    correction: CorrectionMailSubject;
    promiseDays: number;
  };
  /** The admin's decision: before → after when accepted, the reason either way. */
  'correction-resolved': {
    requester: CorrectionRequester;
    correction: CorrectionMailSubject;
    outcome: (typeof CORRECTION_OUTCOMES)[number];
    correctedFieldLabel: string | null;
    before: number | null;
    after: number | null;
    reason: string;
  };
}

/** Who asked for a correction (not a member: no uid, no unsubscribe link). */
export interface CorrectionRequester {
  name: string;
  email: string;
}

/** What a correction mail says it is about (decision 0038). */
export interface CorrectionMailSubject {
  reference: string;
  company: { company_name: string; industry: string; slug: string };
  field_label: string;
  period: { period_year: number; period_qrt: number };
}

export const CORRECTION_OUTCOMES = ['accepted', 'rejected'] as const;

export const ACCOUNT_CHANGES = ['password', 'email', 'email and password'] as const;
export type AccountChange = (typeof ACCOUNT_CHANGES)[number];

/** A job of one kind: the BullMQ job name is the kind. */
export type MailJob<K extends MailKind = MailKind> = {
  [P in K]: { kind: P; data: MailJobData[P] };
}[K];

/**
 * Retry policy of every mail job (the mail contracts' job options, applied by the platform's
 * `QueueProducer`): `producer.add(kind, data, { jobId: mailJobId.…(…) })`. Exponential backoff
 * from 5 s over 10 attempts rides out about 40 minutes of SMTP outage; after the last attempt
 * the job stays in the mail service's dead-letter view until retried. Producers must not set
 * `removeOnComplete`: the mail worker keeps completed ids so a repeated add stays a no-op.
 */
export const MAIL_JOB_OPTIONS = {
  attempts: 10,
  backoff: { type: 'exponential', delay: 5_000 },
} as const;

/**
 * Idempotent job ids: the same logical mail always gets the same id, and BullMQ ignores a
 * second add with an id it already holds. BullMQ 5 refuses custom ids containing ":" (its key
 * separator), so the parts are joined with "_" and any ":" (ISO times) is dropped.
 */
const jobIdOf = (...parts: string[]): string => parts.join('_').replace(/:/g, '');
export const mailJobId = {
  welcome: (uid: string): string => jobIdOf('welcome', uid),
  passwordReset: (uid: string, resetId: string): string => jobIdOf('password-reset', uid, resetId),
  emailVerification: (uid: string, verifyId: string): string =>
    jobIdOf('email-verification', uid, verifyId),
  contact: (messageId: string): string => jobIdOf('contact', messageId),
  discontinueConfirmation: (uid: string, finalDate: string): string =>
    jobIdOf('discontinue-confirmation', uid, finalDate),
  accountChanged: (uid: string, changedAt: string): string =>
    jobIdOf('account-changed', uid, changedAt),
  emailInUse: (ownerUid: string, attemptId: string): string =>
    jobIdOf('email-in-use', ownerUid, attemptId),
  /** One per member, company and period, however many industries or imports bring it. */
  rankAlert: (
    uid: string,
    uprightCid: string,
    period: { period_year: number; period_qrt: number },
  ) => jobIdOf('rank-alert', uid, uprightCid, `${period.period_year}-${period.period_qrt}`),
  /** One receipt and one decision per correction request. */
  correctionReceived: (reference: string): string => jobIdOf('correction-received', reference),
  correctionResolved: (reference: string): string => jobIdOf('correction-resolved', reference),
} as const;

/**
 * Every job id of one member starts so (mail jobs are deleted with the member,
 * docs/product/rules.md#s8).
 */
export const mailJobIdsOfMember = (uid: string): ((jobId: string) => boolean) => {
  const ownedBy = new RegExp(`^[a-z-]+_${uid}(_|$)`);
  return (jobId) => ownedBy.test(jobId);
};

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

const correctionMail = {
  requester: z.object({ name: name.min(1), email: z.email().max(320) }),
  correction: z.object({
    reference: z.string().min(1).max(40),
    company: z.object({
      company_name: name.min(1),
      industry: z.string().min(1).max(100),
      slug: z.string().min(1).max(300),
    }),
    field_label: name.min(1),
    period: periodSchema,
  }),
};

/**
 * The schema of each kind's data: the job name is the kind. Checked against the `MailJobData`
 * type, so the two cannot drift apart.
 */
const MAIL_SCHEMAS: { [K in MailKind]: z.ZodType<MailJobData[K]> } = {
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
    period: periodSchema,
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
  'correction-received': z.object({
    requester: correctionMail.requester.pick({ email: true }),
    correction: correctionMail.correction,
    promiseDays: z.number().int().min(1).max(365),
  }),
  'correction-resolved': z.object({
    ...correctionMail,
    outcome: z.enum(CORRECTION_OUTCOMES),
    correctedFieldLabel: name.min(1).nullable(),
    before: z.number().nullable(),
    after: z.number().nullable(),
    reason: z.string().min(1).max(5000),
  }),
};

/**
 * Who adds mail jobs: each producer's queue and the kinds it may send there. The mail worker
 * fails any other kind on that queue for good (a dead letter, never a mail), so a producer's
 * Redis user, which reaches only its own queue, cannot make the product send another's mails.
 */
export const MAIL_PRODUCERS = {
  accounts: {
    queue: Queues.mailAccounts,
    kinds: [
      MailKinds.welcome,
      MailKinds.passwordReset,
      MailKinds.emailVerification,
      MailKinds.contact,
      MailKinds.discontinueConfirmation,
      MailKinds.accountChanged,
      MailKinds.emailInUse,
      MailKinds.rankAlert,
    ],
  },
  rankings: {
    queue: Queues.mailRankings,
    kinds: [MailKinds.correctionReceived, MailKinds.correctionResolved],
  },
} as const satisfies Record<string, { queue: QueueName; kinds: readonly MailKind[] }>;
export type MailProducer = keyof typeof MAIL_PRODUCERS;
/** The kinds `P` may send. */
export type MailKindOf<P extends MailProducer> = (typeof MAIL_PRODUCERS)[P]['kinds'][number];

function mailJobsOf<P extends MailProducer>(producer: P) {
  const { queue, kinds } = MAIL_PRODUCERS[producer];
  const schemas = Object.fromEntries(kinds.map((kind) => [kind, MAIL_SCHEMAS[kind]]));
  return jobsByName<Pick<MailJobData, MailKindOf<P>>>(
    queue,
    schemas as { [K in MailKindOf<P>]: z.ZodType<MailJobData[K]> },
    { nameIs: `mail kind of ${producer}`, jobOptions: MAIL_JOB_OPTIONS },
  );
}

/** The contract of each producer's mail queue: its producer adds, the mail worker checks. */
export const mailQueueJobs = {
  accounts: mailJobsOf('accounts'),
  rankings: mailJobsOf('rankings'),
} as const satisfies { [P in MailProducer]: unknown };

/** `Queues.legacyMail`, the shared queue of the previous release: any kind (no producer adds). */
export const legacyMailJobs = jobsByName<MailJobData>(Queues.legacyMail, MAIL_SCHEMAS, {
  nameIs: 'mail kind',
  jobOptions: MAIL_JOB_OPTIONS,
});

/** Every queue the mail worker sends from; the dead-letter view and `make mail-retry` read them. */
export const mailWorkerQueues = [
  mailQueueJobs.accounts,
  mailQueueJobs.rankings,
  legacyMailJobs,
] as const;
