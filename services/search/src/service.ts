import { Module } from '@nestjs/common';
import { serviceModule, ServiceClientModule, type ServiceDefinition } from '@upright/platform';
import { AnalyticsController } from './analytics/analytics.controller';
import { AnalyticsRepository } from './analytics/analytics.repository';
import { MemberDeletionWorker } from './analytics/member-deletion.worker';
import { AnalyticsRetentionQueue } from './analytics/retention.queue';
import { AnalyticsRetentionWorker } from './analytics/retention.worker';
import { searchConfigSchema, SEARCH_CONFIG, type SearchConfig } from './config/search-config';
import { EngineModule } from './engine/engine.module';
import { PrismaClient } from './generated/prisma/client';
import { IndexWorker } from './indexing/index.worker';
import { OwnerPages } from './indexing/owner-pages';
import { ReactiveSearchController } from './reactivesearch/reactivesearch.controller';
import { ReactiveSearchService } from './reactivesearch/reactivesearch.service';
import { ConfigModule } from '@upright/platform';

@Module({
  controllers: [ReactiveSearchController, AnalyticsController],
  providers: [
    AnalyticsRepository,
    ReactiveSearchService,
    OwnerPages,
    IndexWorker,
    MemberDeletionWorker,
    AnalyticsRetentionWorker,
    AnalyticsRetentionQueue,
  ],
})
class SearchFeaturesModule {}

/** The search service: engine, index worker, ReactiveSearch queries, search analytics. */
export const searchService: ServiceDefinition<typeof searchConfigSchema> = {
  name: 'search',
  configSchema: searchConfigSchema,
  appModule: (config: SearchConfig) =>
    serviceModule('search', config, {
      database: PrismaClient,
      features: [
        ConfigModule.forRoot(SEARCH_CONFIG, config),
        // Rebuilds page the owners' documents over the transport.
        ServiceClientModule.forRoot(config),
        EngineModule,
        SearchFeaturesModule,
      ],
    }),
};
