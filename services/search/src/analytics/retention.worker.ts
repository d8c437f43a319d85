import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { ANALYTICS_RETENTION_JOB, ANALYTICS_RETENTION_SCHEDULER, Queues } from '@upright/contracts';
import { bullmqOptions } from '@upright/platform';
import { Queue, Worker } from 'bullmq';
import { SEARCH_CONFIG, type SearchConfig } from '../config/search-config';
import { AnalyticsRepository } from './analytics.repository';

/**
 * Analytics are kept ANALYTICS_RETENTION_DAYS, then deleted (impressions and clicks with their
 * search) by a repeatable job every ANALYTICS_SWEEP_MINUTES, and once at start-up.
 */
@Injectable()
export class AnalyticsRetentionWorker implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('AnalyticsRetentionWorker');
  private readonly queue: Queue;
  private worker?: Worker;

  constructor(
    @Inject(SEARCH_CONFIG) private readonly config: SearchConfig,
    private readonly analytics: AnalyticsRepository,
  ) {
    this.queue = new Queue(Queues.searchAnalyticsRetention, bullmqOptions(config));
  }

  async onModuleInit(): Promise<void> {
    this.worker = new Worker(
      Queues.searchAnalyticsRetention,
      () => this.sweep(),
      bullmqOptions(this.config),
    );
    this.worker.on('error', (error) => this.logger.warn({ err: error.message }, 'queue error'));
    // Redis away at start-up must not stop search answering: the next start schedules it.
    await this.queue
      .upsertJobScheduler(
        ANALYTICS_RETENTION_SCHEDULER,
        { every: this.config.ANALYTICS_SWEEP_MINUTES * 60_000 },
        { name: ANALYTICS_RETENTION_JOB, opts: { removeOnComplete: 10, removeOnFail: 10 } },
      )
      .catch((error: unknown) =>
        this.logger.error(`analytics retention not scheduled: ${String(error)}`),
      );
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker?.close();
    await this.queue.close();
  }

  async sweep(): Promise<{ deletedSearches: number }> {
    const deletedSearches = await this.analytics.deleteOlderThan(
      this.config.ANALYTICS_RETENTION_DAYS,
    );
    return { deletedSearches };
  }
}
