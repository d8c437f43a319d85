import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { Queues } from '@upright/contracts';
import { UnrecoverableError, Worker, type Job } from 'bullmq';
import type Redis from 'ioredis';
import { z } from 'zod';
import { SEARCH_CONFIG, type SearchConfig } from '../config/search-config';
import { queueConnection } from '../indexing/queue-connection';
import { AnalyticsRepository } from './analytics.repository';

const jobSchema = z.strictObject({ uid: z.string().min(1).max(200) });

/** `search-member-deletion`: accounts enqueues one job per deleted member (decisions §8). */
@Injectable()
export class MemberDeletionWorker implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('MemberDeletionWorker');
  private worker?: Worker;
  private readonly connection: Redis;

  constructor(
    @Inject(SEARCH_CONFIG) private readonly config: SearchConfig,
    private readonly analytics: AnalyticsRepository,
  ) {
    this.connection = queueConnection(this.config.REDIS_URL, 'search-member-deletion-worker');
  }

  onModuleInit(): void {
    this.worker = new Worker(Queues.searchMemberDeletion, (job) => this.process(job), {
      connection: this.connection,
      prefix: this.config.QUEUE_PREFIX,
    });
    this.worker.on('error', (error) => this.logger.warn({ err: error.message }, 'queue error'));
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker?.close();
    // BullMQ leaves a connection it was given open.
    this.connection.disconnect();
  }

  async process(job: Job): Promise<{ deletedSearches: number }> {
    const parsed = jobSchema.safeParse(job.data);
    if (!parsed.success) throw new UnrecoverableError('uid must be a non-empty string');
    return { deletedSearches: await this.analytics.deleteMember(parsed.data.uid) };
  }
}
