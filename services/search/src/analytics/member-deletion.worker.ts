import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { Queues } from '@upright/contracts';
import { bullmqOptions } from '@upright/platform';
import { UnrecoverableError, Worker, type Job } from 'bullmq';
import { z } from 'zod';
import { SEARCH_CONFIG, type SearchConfig } from '../config/search-config';
import { AnalyticsRepository } from './analytics.repository';

const jobSchema = z.strictObject({ uid: z.string().min(1).max(200) });

/** `search-member-deletion`: accounts enqueues one job per deleted member (decisions §8). */
@Injectable()
export class MemberDeletionWorker implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('MemberDeletionWorker');
  private worker?: Worker;

  constructor(
    @Inject(SEARCH_CONFIG) private readonly config: SearchConfig,
    private readonly analytics: AnalyticsRepository,
  ) {}

  onModuleInit(): void {
    this.worker = new Worker(
      Queues.searchMemberDeletion,
      (job) => this.process(job),
      bullmqOptions(this.config),
    );
    this.worker.on('error', (error) => this.logger.warn({ err: error.message }, 'queue error'));
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker?.close();
  }

  async process(job: Job): Promise<{ deletedSearches: number }> {
    const parsed = jobSchema.safeParse(job.data);
    if (!parsed.success) throw new UnrecoverableError('uid must be a non-empty string');
    return { deletedSearches: await this.analytics.deleteMember(parsed.data.uid) };
  }
}
