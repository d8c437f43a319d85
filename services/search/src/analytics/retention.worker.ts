import { Inject } from '@nestjs/common';
import { analyticsRetentionJobs } from '@upright/contracts';
import { QueueWorker, SERVICE_CONFIG, type QueueConsumer } from '@upright/platform';
import type { SearchConfig } from '../config';
import { AnalyticsRepository } from './analytics.repository';

/**
 * Analytics are kept ANALYTICS_RETENTION_DAYS, then deleted (impressions and clicks with their
 * search) by the sweep `AnalyticsRetentionQueue` schedules.
 */
@QueueWorker(analyticsRetentionJobs)
export class AnalyticsRetentionWorker implements QueueConsumer<typeof analyticsRetentionJobs> {
  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: SearchConfig,
    private readonly analytics: AnalyticsRepository,
  ) {}

  async process(): Promise<{ deletedSearches: number }> {
    const deletedSearches = await this.analytics.deleteOlderThan(
      this.config.ANALYTICS_RETENTION_DAYS,
    );
    return { deletedSearches };
  }
}
