import { Queue, type Job } from 'bullmq';
import { isRedactedMailData, recipientUid } from '../delivery/mail-job-data';
import { withoutAddresses } from '../delivery/smtp-failure';

/**
 * A mail job that will not be tried again (retries exhausted, a permanent SMTP refusal or a
 * malformed job): BullMQ's failed set is the dead-letter list. Shown without personal data
 * beyond the member's uid.
 */
export interface DeadLetter {
  id: string;
  kind: string;
  uid: string | null;
  attempts: number;
  lastError: string;
  addedAt: string;
  failedAt: string | null;
}

export type DeadLetterJob = Pick<
  Job,
  'id' | 'name' | 'data' | 'attemptsMade' | 'failedReason' | 'timestamp' | 'finishedOn'
>;

export function toDeadLetter(job: DeadLetterJob): DeadLetter {
  return {
    id: job.id ?? '',
    kind: job.name,
    uid: recipientUid(job.data),
    attempts: job.attemptsMade,
    lastError: withoutAddresses(job.failedReason ?? '').slice(0, 500),
    addedAt: new Date(job.timestamp).toISOString(),
    failedAt: job.finishedOn ? new Date(job.finishedOn).toISOString() : null,
  };
}

/** The view answers at most this many, newest first, with the total. */
export const DEAD_LETTER_PAGE = 200;

export async function listDeadLetters(
  queue: Queue,
): Promise<{ total: number; deadLetters: DeadLetter[] }> {
  const [total, jobs] = await Promise.all([
    queue.getFailedCount(),
    queue.getFailed(0, DEAD_LETTER_PAGE - 1),
  ]);
  return { total, deadLetters: jobs.filter(Boolean).map(toDeadLetter) };
}

/**
 * Puts dead letters back in the queue with a fresh set of attempts (all of them when `ids` is
 * empty). Ids that are not dead letters are reported, not retried; so are dead letters whose
 * personal data was already redacted (decision 0020): only the member can ask for those again.
 */
export async function retryDeadLetters(
  queue: Queue,
  ids: readonly string[],
): Promise<{ retried: string[]; notDeadLetters: string[]; redacted: string[] }> {
  const jobs =
    ids.length > 0
      ? await Promise.all(ids.map((id) => queue.getJob(id)))
      : await queue.getFailed(0, -1);
  const retried: string[] = [];
  const redacted: string[] = [];
  const notDeadLetters = ids.filter((id, index) => !jobs[index]);
  for (const job of jobs) {
    if (!job) continue;
    if ((await job.getState()) !== 'failed') {
      notDeadLetters.push(job.id!);
    } else if (isRedactedMailData(job.data)) {
      redacted.push(job.id!);
    } else {
      await job.retry('failed', { resetAttemptsMade: true, resetAttemptsStarted: true });
      retried.push(job.id!);
    }
  }
  return { retried, notDeadLetters, redacted };
}
