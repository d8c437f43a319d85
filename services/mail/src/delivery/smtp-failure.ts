/** What nodemailer puts on the errors it rejects with. */
interface SmtpError {
  message?: unknown;
  code?: unknown;
  responseCode?: unknown;
}

/**
 * RFC 5321: a 5xx reply is permanent (unknown mailbox, refused sender, authentication failed);
 * sending the same mail again gives the same answer, so the job is dead-lettered at once.
 * Everything else — 4xx replies, refused or dropped connections, timeouts — is transient and
 * retried with backoff.
 */
export function isPermanentSmtpFailure(error: unknown): boolean {
  const { responseCode } = (error ?? {}) as SmtpError;
  return typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600;
}

const EMAIL_LIKE = /[^\s<>"'()[\],;:]+@[^\s<>"'()[\],;:]+/g;

/**
 * The error text kept with a failed job and shown in the dead-letter view: SMTP replies often
 * quote the recipient's address, which is replaced, and the text is bounded.
 */
export function describeFailure(error: unknown): string {
  const { message, code, responseCode } = (error ?? {}) as SmtpError;
  const text = typeof message === 'string' && message ? message : String(error);
  const prefix = [code, responseCode].filter((part) => part !== undefined).join(' ');
  const described = prefix && !text.startsWith(String(code)) ? `${prefix}: ${text}` : text;
  return withoutAddresses(described).slice(0, 500);
}

/** Replaces anything that looks like an email address. */
export function withoutAddresses(text: string): string {
  return text.replace(EMAIL_LIKE, '[address]');
}
