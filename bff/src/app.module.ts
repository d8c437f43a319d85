import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_INTERCEPTOR, DiscoveryModule } from '@nestjs/core';
import { ConfigModule, PlatformModule, ServiceClientModule } from '@upright/platform';
import { AccountsHttpModule } from './accounts/accounts.module';
import { AnswerCache } from './answer-cache/answer-cache.service';
import { PublicAnswerInterceptor } from './answer-cache/public-answer.interceptor';
import { AuthModule } from './auth';
import { CompaniesController } from './companies/companies.controller';
import { BFF_CONFIG, BffConfig } from './config';
import { ApiErrorFilter } from './http/api-error.filter';
import { HistoryController } from './history/history.controller';
import { HttpMetricsInterceptor } from './http/http-metrics.interceptor';
import { IndustriesController } from './industries/industries.controller';
import { OpenDataController } from './open-data/open-data.controller';
import { OpenApiController } from './openapi/openapi.controller';
import { MethodologyController } from './methodology/methodology.controller';
import { MemberValues } from './members/member-values';
import { PublicDataModule } from './public-data/public-data.module';
import { RankingsController } from './rankings/rankings.controller';
import { SearchController } from './search/search.controller';
import { VisitorKeys } from './search/visitor-keys';
import { PublishController } from './reports/publish.controller';
import { ReportsController } from './reports/reports.controller';

@Module({})
export class BffModule {
  static forRoot(config: BffConfig): DynamicModule {
    return {
      module: BffModule,
      imports: [
        DiscoveryModule,
        PlatformModule.forRoot('bff', config),
        ConfigModule.forRoot(BFF_CONFIG, config),
        ServiceClientModule.forRoot(config),
        PublicDataModule,
        AuthModule,
        AccountsHttpModule,
      ],
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
      ],
      providers: [
        { provide: APP_FILTER, useClass: ApiErrorFilter },
        { provide: APP_INTERCEPTOR, useClass: HttpMetricsInterceptor },
        { provide: APP_INTERCEPTOR, useClass: PublicAnswerInterceptor },
        AnswerCache,
        MemberValues,
        VisitorKeys,
      ],
    };
  }
}
