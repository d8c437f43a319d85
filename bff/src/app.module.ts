import { Module } from '@nestjs/common';
import { APP_FILTER, APP_INTERCEPTOR, DiscoveryModule } from '@nestjs/core';
import { AccountsHttpModule } from './accounts/accounts.module';
import { AnswerCache } from './answer-cache/answer-cache.service';
import { PublicAnswerInterceptor } from './answer-cache/public-answer.interceptor';
import { AuthModule } from './auth';
import { CompaniesController } from './companies/companies.controller';
import { CorrectionsAdminController } from './corrections/corrections-admin.controller';
import { CorrectionsController } from './corrections/corrections.controller';
import { ApiErrorFilter } from './http/api-error.filter';
import { HistoryController } from './history/history.controller';
import { HttpMetricsInterceptor } from './http/http-metrics.interceptor';
import { IdempotencyInterceptor, IdempotencyRecords } from './idempotency';
import { IndustriesController } from './industries/industries.controller';
import { OpenDataController } from './open-data/open-data.controller';
import { OpenApiController } from './openapi/openapi.controller';
import { MethodologyController } from './methodology/methodology.controller';
import { MemberValues } from './members/member-values';
import { PublicDataModule } from './public-data/public-data.module';
import { RankingsController } from './rankings/rankings.controller';
import { SearchController } from './search/search.controller';
import { SiteFactsController } from './site-facts/site-facts.controller';
import { SearchQueries } from './search/search-queries';
import { VisitorKeys } from './search/visitor-keys';
import { PublishController } from './reports/publish.controller';
import { ReportsController } from './reports/reports.controller';

/** The BFF's routes; service.ts adds the platform's modules and the service client. */
@Module({
  imports: [DiscoveryModule, PublicDataModule, AuthModule, AccountsHttpModule],
  controllers: [
    IndustriesController,
    CompaniesController,
    RankingsController,
    HistoryController,
    ReportsController,
    PublishController,
    SearchController,
    OpenDataController,
    OpenApiController,
    MethodologyController,
    SiteFactsController,
    CorrectionsController,
    CorrectionsAdminController,
  ],
  providers: [
    { provide: APP_FILTER, useClass: ApiErrorFilter },
    { provide: APP_INTERCEPTOR, useClass: HttpMetricsInterceptor },
    { provide: APP_INTERCEPTOR, useClass: PublicAnswerInterceptor },
    { provide: APP_INTERCEPTOR, useClass: IdempotencyInterceptor },
    IdempotencyRecords,
    AnswerCache,
    MemberValues,
    VisitorKeys,
    SearchQueries,
  ],
})
export class BffModule {}
