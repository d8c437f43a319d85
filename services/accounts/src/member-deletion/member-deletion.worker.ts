import { Logger } from '@nestjs/common';
import { memberDeletionJobs, type JobOf } from '@upright/contracts';
import { QueueWorker, type QueueConsumer } from '@upright/platform';
import type { Job } from 'bullmq';
import { MemberDeletionService, type DeletionOutcome } from './member-deletion.service';

/** The `member-deletion` job at a discontinued member's final date (docs/product/rules.md#s8). */
@QueueWorker(memberDeletionJobs)
export class MemberDeletionWorker implements QueueConsumer<typeof memberDeletionJobs> {
  private readonly logger = new Logger(MemberDeletionWorker.name);

  constructor(private readonly deletion: MemberDeletionService) {}

  async process(job: JobOf<typeof memberDeletionJobs>, raw: Job): Promise<DeletionOutcome> {
    const outcome = await this.deletion.deleteMember(job.data.uid);
    this.logger.log(`member deletion job ${raw.id}: ${outcome}`);
    return outcome;
  }
}
