import {
  Inject,
  Injectable,
  Logger,
  OnApplicationBootstrap,
  OnApplicationShutdown,
} from '@nestjs/common';
import {
  MEMBER_DELETION_JOB,
  Queues,
  searchMemberDeletionJobId,
  type MemberDeletionJobData,
} from '@upright/contracts';
import { bullmqOptions, DATABASE, PublicData, SERVICE_CONFIG } from '@upright/platform';
import { Queue, Worker, type Job } from 'bullmq';
import { AveragesService } from '../averages/averages.service';
import type { AccountsConfig } from '../config/accounts-config';
import { deletionDue } from '../discontinue/discontinue-dates';
import { MailOutbox } from '../queues/mail-outbox';
import type { PrismaClient } from '../generated/prisma/client';

export type DeletionOutcome = 'deleted' | 'not-due' | 'gone';

/**
 * Deletes a discontinued member on the final date: the accounts rows (the users row; sessions,
 * links and priorities go with it by cascade) and the member's mail jobs, then the averages are recomputed and announced,
 * and the search service is asked to delete the member's analytics through its own queue, so
 * each part is retried on its own until done. Rankings keeps nothing per member (see
 * docs/services/accounts.md).
 */
@Injectable()
export class MemberDeletionWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(MemberDeletionWorker.name);
  private readonly searchQueue: Queue<MemberDeletionJobData>;
  private worker?: Worker<MemberDeletionJobData, DeletionOutcome>;

  constructor(
    @Inject(DATABASE) private readonly db: PrismaClient,
    @Inject(SERVICE_CONFIG) private readonly config: AccountsConfig,
    private readonly averages: AveragesService,
    private readonly publicData: PublicData,
    private readonly mail: MailOutbox,
  ) {
    this.searchQueue = new Queue(Queues.searchMemberDeletion, bullmqOptions(config));
  }

  /** One deletion; safe to repeat (a retried job finds the member gone and finishes the rest). */
  async deleteMember(uid: string, now = new Date()): Promise<DeletionOutcome> {
    const member = await this.db.user.findUnique({
      where: { uid },
      select: { discontinue: true, discontinueFinal: true },
    });
    if (member !== null && !deletionDue(member, now)) return 'not-due';
    if (member !== null) await this.db.user.deleteMany({ where: { uid, discontinue: true } });
    await this.publicData.memberChanged(uid);
    await this.mail.deleteJobsOf(uid);
    await this.averages.recompute();
    await this.searchQueue.add(
      MEMBER_DELETION_JOB,
      { uid },
      {
        jobId: searchMemberDeletionJobId(uid),
        attempts: 12,
        backoff: { type: 'exponential', delay: 2_000 },
      },
    );
    return member === null ? 'gone' : 'deleted';
  }

  onApplicationBootstrap(): void {
    if (this.worker) return;
    this.worker = new Worker<MemberDeletionJobData, DeletionOutcome>(
      Queues.memberDeletion,
      async (job: Job<MemberDeletionJobData>) => {
        const outcome = await this.deleteMember(job.data.uid);
        this.logger.log(`member deletion job ${job.id}: ${outcome}`);
        return outcome;
      },
      bullmqOptions(this.config),
    );
    this.worker.on('failed', (job, error) =>
      this.logger.warn(`member deletion job ${job?.id} failed: ${error.message}`),
    );
    this.worker.on('error', (error) =>
      this.logger.warn(`member deletion worker: ${error.message}`),
    );
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker?.close();
    await this.searchQueue.close();
  }
}
