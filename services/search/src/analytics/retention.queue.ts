import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { ANALYTICS_RETENTION_JOB, ANALYTICS_RETENTION_SCHEDULER, Queues } from '@upright/contracts';
import { bullmqOptions, SERVICE_CONFIG } from '@upright/platform';
import { Queue } from 'bullmq';
import type { SearchConfig } from '../config';

/**
 * Schedules the analytics retention sweep (`AnalyticsRetentionWorker`) every
 * ANALYTICS_SWEEP_MINUTES, and once at start-up.
 */
@Injectable()
export class AnalyticsRetentionQueue implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('AnalyticsRetentionQueue');
  private readonly queue: Queue;

  constructor(@Inject(SERVICE_CONFIG) private readonly config: SearchConfig) {
    this.queue = new Queue(Queues.searchAnalyticsRetention, bullmqOptions(config));
  }

  async onModuleInit(): Promise<void> {
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
    await this.queue.close();
  }
}
