import { createHash } from 'node:crypto';

/**
 * The Message-ID of a job's mail: the same for every attempt of the job, so a mail sent twice
 * (the process died after the SMTP server accepted it but before the job was marked done) is
 * recognisable as the same message, and `messageIdFor(jobId, from)` finds the mail of a job. A hash
 * rather than the id itself: job ids contain characters a Message-ID may not, and member ids.
 */
export function messageIdFor(jobId: string, fromAddress: string): string {
  const digest = createHash('sha256').update(jobId).digest('hex').slice(0, 32);
  const domain = fromAddress.slice(fromAddress.lastIndexOf('@') + 1);
  return `<mail.${digest}@${domain}>`;
}
