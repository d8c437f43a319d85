import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import {
  ANALYTICS_RETENTION_JOB,
  ANALYTICS_RETENTION_SCHEDULER,
  analyticsRetentionJobs,
} from '@upright/contracts';
import { InjectQueueProducer, SERVICE_CONFIG, type QueueProducer } from '@upright/platform';
import type { SearchConfig } from '../config';

/**
 * Schedules the analytics retention sweep (`AnalyticsRetentionWorker`) every
 * ANALYTICS_SWEEP_MINUTES, and once at start-up.
 */
@Injectable()
export class AnalyticsRetentionQueue implements OnModuleInit {
  private readonly logger = new Logger('AnalyticsRetentionQueue');

  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: SearchConfig,
    @InjectQueueProducer(analyticsRetentionJobs)
    private readonly producer: QueueProducer<typeof analyticsRetentionJobs>,
  ) {}

  async onModuleInit(): Promise<void> {
    // Redis away at start-up must not stop search answering: the next start schedules it.
    await this.producer
      .schedule(
        ANALYTICS_RETENTION_SCHEDULER,
        { every: this.config.ANALYTICS_SWEEP_MINUTES * 60_000 },
        ANALYTICS_RETENTION_JOB,
        {},
      )
      .catch((error: unknown) =>
        this.logger.error(`analytics retention not scheduled: ${String(error)}`),
      );
  }
}
