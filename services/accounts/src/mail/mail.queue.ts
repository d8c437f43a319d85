import { Inject, Injectable } from '@nestjs/common';
import {
  mailJobIdsOfMember,
  mailQueueJobs,
  type MailJobData,
  type MailKindOf,
  type MailRecipient,
} from '@upright/contracts';
import { InjectQueueProducer, SERVICE_CONFIG, type QueueProducer } from '@upright/platform';
import type { Job, JobType } from 'bullmq';
import { unsubscribeSecret, type AccountsConfig } from '../config';
import type { User } from '../generated/prisma/client';
import { unsubscribeKey } from '../unsubscribe/signed-keys';

const REMOVABLE_STATES: JobType[] = [
  'waiting',
  'delayed',
  'prioritized',
  'paused',
  'failed',
  'completed',
];
const SCAN_PAGE = 500;

/** A contact message a member sent names them in its data, not in its id. */
function mailOf(job: Job, uid: string): boolean {
  const data = job.data as { uid?: unknown; recipient?: { uid?: unknown } } | null;
  return data?.uid === uid || data?.recipient?.uid === uid;
}

/**
 * Accounts' mail queue (`mail-accounts`, decision 0041): adds the jobs the mail service sends,
 * of the kinds accounts may send. Every job has an idempotent id (`mailJobId`), so a retried
 * request never mails twice.
 */
@Injectable()
export class MailOutbox {
  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: AccountsConfig,
    @InjectQueueProducer(mailQueueJobs.accounts)
    private readonly producer: QueueProducer<typeof mailQueueJobs.accounts>,
  ) {}

  async send<K extends MailKindOf<'accounts'>>(
    kind: K,
    data: MailJobData[K],
    jobId: string,
  ): Promise<void> {
    await this.producer.add(kind, data, { jobId });
  }

  /**
   * docs/product/rules.md#s8: a deleted member's mail jobs go with them — waiting, delayed, failed
   * (dead letters) or sent. A job being sent right now is locked and finishes; it is redacted then.
   * Returns how many were removed.
   */
  async deleteJobsOf(uid: string): Promise<number> {
    const ownedById = mailJobIdsOfMember(uid);
    const owned: Job[] = [];
    for (let start = 0; ; start += SCAN_PAGE) {
      const jobs = await this.producer.queue.getJobs(
        REMOVABLE_STATES,
        start,
        start + SCAN_PAGE - 1,
      );
      owned.push(...jobs.filter((job) => job && (ownedById(job.id ?? '') || mailOf(job, uid))));
      if (jobs.length < SCAN_PAGE) break;
    }
    for (const job of owned) await job.remove();
    return owned.length;
  }

  recipient(user: Pick<User, 'uid' | 'email' | 'firstName'>): MailRecipient {
    return {
      uid: user.uid,
      email: user.email,
      firstName: user.firstName,
      unsubscribeKey: unsubscribeKey(unsubscribeSecret(this.config), user.uid),
    };
  }
}
