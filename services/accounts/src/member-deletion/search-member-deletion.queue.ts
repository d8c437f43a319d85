import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import {
  MEMBER_DELETION_JOB,
  Queues,
  searchMemberDeletionJobId,
  type MemberDeletionJobData,
} from '@upright/contracts';
import { bullmqOptions, SERVICE_CONFIG } from '@upright/platform';
import { Queue } from 'bullmq';
import type { AccountsConfig } from '../config';

/** Search's part of a deletion, retried on its own (about 2 hours) until done. */
@Injectable()
export class SearchMemberDeletionQueue implements OnApplicationShutdown {
  private readonly queue: Queue<MemberDeletionJobData>;

  constructor(@Inject(SERVICE_CONFIG) config: AccountsConfig) {
    this.queue = new Queue(Queues.searchMemberDeletion, bullmqOptions(config));
  }

  /** One job per member, however often the deletion runs. */
  async add(uid: string): Promise<void> {
    await this.queue.add(
      MEMBER_DELETION_JOB,
      { uid },
      {
        jobId: searchMemberDeletionJobId(uid),
        attempts: 12,
        backoff: { type: 'exponential', delay: 2_000 },
      },
    );
  }

  async onApplicationShutdown(): Promise<void> {
    await this.queue.close();
  }
}
