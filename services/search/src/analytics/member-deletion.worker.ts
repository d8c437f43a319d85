import { searchMemberDeletionJobs, type JobOf } from '@upright/contracts';
import { QueueWorker, type QueueConsumer } from '@upright/platform';
import { AnalyticsRepository } from './analytics.repository';

/**
 * `search-member-deletion`: accounts enqueues one job per deleted member
 * (docs/product/rules.md#s8).
 */
@QueueWorker(searchMemberDeletionJobs)
export class MemberDeletionWorker implements QueueConsumer<typeof searchMemberDeletionJobs> {
  constructor(private readonly analytics: AnalyticsRepository) {}

  async process(job: JobOf<typeof searchMemberDeletionJobs>): Promise<{ deletedSearches: number }> {
    return { deletedSearches: await this.analytics.deleteMember(job.data.uid) };
  }
}
