/**
 * The `mail` queue (decisions §2): accounts (and the BFF's contact form, through accounts)
 * enqueue, the mail service's BullMQ worker renders and sends. Producers choose the job id so a
 * retried request never sends twice: use `mailJobId`.
 */
export const MailKinds = {
  welcome: 'welcome',
  passwordReset: 'password-reset',
  emailVerification: 'email-verification',
  contact: 'contact',
  discontinueConfirmation: 'discontinue-confirmation',
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
}

/** A job of one kind: the BullMQ job name is the kind. */
export type MailJob<K extends MailKind = MailKind> = {
  [P in K]: { kind: P; data: MailJobData[P] };
}[K];

/**
 * Idempotent job ids: the same logical mail always gets the same id, and BullMQ ignores a
 * second add with an id it already holds.
 */
export const mailJobId = {
  welcome: (uid: string): string => `welcome:${uid}`,
  passwordReset: (uid: string, resetId: string): string => `password-reset:${uid}:${resetId}`,
  emailVerification: (uid: string, verifyId: string): string =>
    `email-verification:${uid}:${verifyId}`,
  contact: (messageId: string): string => `contact:${messageId}`,
  discontinueConfirmation: (uid: string, finalDate: string): string =>
    `discontinue-confirmation:${uid}:${finalDate}`,
} as const;
