import { Injectable } from '@nestjs/common';
import {
  MEMBER_DELETION_JOB,
  searchMemberDeletionJobId,
  searchMemberDeletionJobs,
} from '@upright/contracts';
import { InjectQueueProducer, type QueueProducer } from '@upright/platform';

/** Search's part of a deletion, retried on its own (about 2 hours) until done. */
@Injectable()
export class SearchMemberDeletionQueue {
  constructor(
    @InjectQueueProducer(searchMemberDeletionJobs)
    private readonly producer: QueueProducer<typeof searchMemberDeletionJobs>,
  ) {}

  /** One job per member, however often the deletion runs. */
  async add(uid: string): Promise<void> {
    await this.producer.add(
      MEMBER_DELETION_JOB,
      { uid },
      { jobId: searchMemberDeletionJobId(uid) },
    );
  }
}
