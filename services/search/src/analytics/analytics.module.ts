import { Module } from '@nestjs/common';
import { analyticsRetentionJobs } from '@upright/contracts';
import { QueueProducerModule } from '@upright/platform';
import { AnalyticsController } from './analytics.controller';
import { AnalyticsRepository } from './analytics.repository';
import { MemberDeletionWorker } from './member-deletion.worker';
import { AnalyticsRetentionQueue } from './retention.queue';
import { AnalyticsRetentionWorker } from './retention.worker';

/** Search analytics: recorded searches, impressions and clicks, their retention and deletion. */
@Module({
  imports: [QueueProducerModule.register(analyticsRetentionJobs)],
  controllers: [AnalyticsController],
  providers: [
    AnalyticsRepository,
    MemberDeletionWorker,
    AnalyticsRetentionWorker,
    AnalyticsRetentionQueue,
  ],
  exports: [AnalyticsRepository],
})
export class AnalyticsModule {}
