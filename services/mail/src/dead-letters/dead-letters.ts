import type { Job, Queue } from 'bullmq';
import { isRedactedMailData, recipientUid } from '../delivery/mail-job-data';
import { withoutAddresses } from '../delivery/smtp-failure';

/**
 * A mail job that will not be tried again (retries exhausted, a permanent SMTP refusal, a
 * malformed job or a kind its queue may not carry): the failed sets of the producers' mail
 * queues are the dead-letter list. Shown without personal data beyond the member's uid.
 */
export interface DeadLetter {
  id: string;
  /** The producer's mail queue it was added to. */
  queue: string;
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
> & { queueName: string };

export function toDeadLetter(job: DeadLetterJob): DeadLetter {
  return {
    id: job.id ?? '',
    queue: job.queueName,
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

/** The newest `page` of several queues' dead letters, newest first. */
export function newestDeadLetters(letters: readonly DeadLetter[], page: number): DeadLetter[] {
  const at = (letter: DeadLetter) => letter.failedAt ?? letter.addedAt;
  return [...letters].sort((a, b) => at(b).localeCompare(at(a))).slice(0, page);
}

export async function listDeadLetters(
  queues: readonly Queue[],
): Promise<{ total: number; deadLetters: DeadLetter[] }> {
  const perQueue = await Promise.all(
    queues.map(async (queue) => {
      const [count, jobs] = await Promise.all([
        queue.getFailedCount(),
        queue.getFailed(0, DEAD_LETTER_PAGE - 1),
      ]);
      return { count, letters: jobs.filter(Boolean).map(toDeadLetter) };
    }),
  );
  return {
    total: perQueue.reduce((sum, { count }) => sum + count, 0),
    deadLetters: newestDeadLetters(
      perQueue.flatMap(({ letters }) => letters),
      DEAD_LETTER_PAGE,
    ),
  };
}

/** The job of each id in whichever mail queue holds it (kinds, hence ids, differ per queue). */
async function jobsWithIds(queues: readonly Queue[], ids: readonly string[]) {
  return Promise.all(
    ids.map(async (id) => {
      for (const queue of queues) {
        const job = await queue.getJob(id);
        if (job) return job;
      }
      return undefined;
    }),
  );
}

/**
 * Puts dead letters back in the queue with a fresh set of attempts (all of them when `ids` is
 * empty). Ids that are not dead letters are reported, not retried; so are dead letters whose
 * personal data was already redacted (decision 0020): only the member can ask for those again.
 */
export async function retryDeadLetters(
  queues: readonly Queue[],
  ids: readonly string[],
): Promise<{ retried: string[]; notDeadLetters: string[]; redacted: string[] }> {
  const jobs =
    ids.length > 0
      ? await jobsWithIds(queues, ids)
      : (await Promise.all(queues.map((queue) => queue.getFailed(0, -1)))).flat();
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
