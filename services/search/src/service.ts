import { defineService, ServiceClientModule } from '@upright/platform';
import { AnalyticsModule } from './analytics/analytics.module';
import { searchConfigSchema } from './config';
import { EngineModule } from './engine/engine.module';
import { PrismaClient } from './generated/prisma/client';
import { IndexingModule } from './indexing/indexing.module';
import { ReactiveSearchModule } from './reactivesearch/reactivesearch.module';

/** The search service: engine, index worker, ReactiveSearch queries, search analytics. */
export const searchService = defineService({
  name: 'search',
  configSchema: searchConfigSchema,
  database: PrismaClient,
  features: (config) => [
    // Rebuilds page the owners' documents over the transport.
    ServiceClientModule.forRoot(config),
    EngineModule,
    IndexingModule,
    ReactiveSearchModule,
    AnalyticsModule,
  ],
});
