import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { MEMBER_DELETION_JOB, memberDeletionJobId, memberDeletionJobs } from '@upright/contracts';
import { InjectQueueProducer, type QueueProducer } from '@upright/platform';
import { deletionDelayMs } from '../discontinue/discontinue-dates';
import { MembersRepository } from '../members/members.repository';

/**
 * The delayed `member-deletion` job of each discontinued member, due on the final date
 * (docs/product/rules.md#s8). The users table is the truth; the job is how the date is acted on. A
 * sweep at start-up schedules any job that is missing (Redis lost it, or the process died between
 * the request and the add), so no deletion is missed.
 */
@Injectable()
export class MemberDeletionScheduler implements OnApplicationBootstrap {
  private readonly logger = new Logger(MemberDeletionScheduler.name);
  private swept = false;

  constructor(
    private readonly members: MembersRepository,
    @InjectQueueProducer(memberDeletionJobs)
    private readonly producer: QueueProducer<typeof memberDeletionJobs>,
  ) {}

  async schedule(uid: string, discontinueFinal: Date): Promise<void> {
    const jobId = memberDeletionJobId(uid);
    const existing = await this.producer.queue.getJob(jobId);
    if (existing && (await existing.isFailed())) {
      await existing.retry('failed');
      return;
    }
    await this.producer.add(
      MEMBER_DELETION_JOB,
      { uid },
      { jobId, delay: deletionDelayMs(discontinueFinal, new Date()) },
    );
  }

  /** The member continued: the deletion must not run (it would also re-check and skip). */
  async cancel(uid: string): Promise<void> {
    await this.producer.queue.remove(memberDeletionJobId(uid));
  }

  /** Every pending discontinuation has its job; returns how many were checked. */
  async sweep(): Promise<number> {
    const pending = await this.members.pendingDeletions();
    for (const member of pending) await this.schedule(member.uid, member.discontinueFinal);
    return pending.length;
  }

  async onApplicationBootstrap(): Promise<void> {
    if (this.swept) return;
    this.swept = true;
    try {
      const checked = await this.sweep();
      if (checked > 0) this.logger.log(`Deletion jobs checked for ${checked} pending members`);
    } catch (error) {
      this.logger.error(`Start-up sweep of member deletions failed: ${String(error)}`);
    }
  }
}
