import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import {
  MEMBER_DELETION_JOB,
  searchMemberDeletionJobId,
  searchMemberDeletionJobs,
} from '@upright/contracts';
import { QueueProducer, SERVICE_CONFIG } from '@upright/platform';
import type { AccountsConfig } from '../config';

/** Search's part of a deletion, retried on its own (about 2 hours) until done. */
@Injectable()
export class SearchMemberDeletionQueue implements OnApplicationShutdown {
  private readonly producer: QueueProducer<typeof searchMemberDeletionJobs>;

  constructor(@Inject(SERVICE_CONFIG) config: AccountsConfig) {
    this.producer = new QueueProducer(searchMemberDeletionJobs, config);
  }

  /** One job per member, however often the deletion runs. */
  async add(uid: string): Promise<void> {
    await this.producer.add(
      MEMBER_DELETION_JOB,
      { uid },
      { jobId: searchMemberDeletionJobId(uid) },
    );
  }

  async onApplicationShutdown(): Promise<void> {
    await this.producer.close();
  }
}
