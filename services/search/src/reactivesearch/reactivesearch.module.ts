import { Module } from '@nestjs/common';
import { AnalyticsModule } from '../analytics/analytics.module';
import { ReactiveSearchController } from './reactivesearch.controller';
import { ReactiveSearchService } from './reactivesearch.service';

/** ReactiveSearch queries against the engine (suggestions read the analytics). */
@Module({
  imports: [AnalyticsModule],
  controllers: [ReactiveSearchController],
  providers: [ReactiveSearchService],
})
export class ReactiveSearchModule {}
