import { Module } from '@nestjs/common';
import { APP_FILTER, APP_INTERCEPTOR, DiscoveryModule } from '@nestjs/core';
import { AccountsModule } from './accounts/accounts.module';
import { AnswerCacheModule } from './answer-cache/answer-cache.module';
import { PublicAnswerInterceptor } from './answer-cache/public-answer.interceptor';
import { AuthModule } from './auth';
import { CaptchaModule } from './captcha/captcha.module';
import { CompaniesModule } from './companies/companies.module';
import { ContactModule } from './contact/contact.module';
import { CorrectionsModule } from './corrections/corrections.module';
import { DataDeskModule } from './data-desk/data-desk.module';
import { FollowsModule } from './follows/follows.module';
import { HistoryModule } from './history/history.module';
import { ApiErrorFilter } from './shared/api-error.filter';
import { HttpMetricsInterceptor } from './shared/http-metrics.interceptor';
import { IdempotencyInterceptor, IdempotencyModule } from './idempotency';
import { IndustriesModule } from './industries/industries.module';
import { MethodologyModule } from './methodology/methodology.module';
import { OpenDataModule } from './open-data/open-data.module';
import { OpenApiModule } from './openapi/openapi.module';
import { PublicDataModule } from './public-data/public-data.module';
import { RankingsModule } from './rankings/rankings.module';
import { ReportsModule } from './reports/reports.module';
import { SearchModule } from './search/search.module';
import { SignInModule } from './sign-in/sign-in.module';
import { SiteFactsModule } from './site-facts/site-facts.module';

/**
 * The BFF's features; service.ts adds the platform's modules and the service client. The
 * libraries come first, then the features, whose routes Express matches in this order.
 */
@Module({
  imports: [
    // The edge reads the kept routes from the controllers' metadata.
    DiscoveryModule,
    PublicDataModule,
    AuthModule,
    AnswerCacheModule,
    IdempotencyModule,
    IndustriesModule,
    CompaniesModule,
    RankingsModule,
    HistoryModule,
    ReportsModule,
    SearchModule,
    OpenDataModule,
    OpenApiModule,
    MethodologyModule,
    SiteFactsModule,
    CorrectionsModule,
    DataDeskModule,
    SignInModule,
    CaptchaModule,
    AccountsModule,
    ContactModule,
    FollowsModule,
  ],
  // Around every route, outermost first (the auth library's interceptors run inside these).
  providers: [
    { provide: APP_FILTER, useClass: ApiErrorFilter },
    { provide: APP_INTERCEPTOR, useClass: HttpMetricsInterceptor },
    { provide: APP_INTERCEPTOR, useClass: PublicAnswerInterceptor },
    { provide: APP_INTERCEPTOR, useClass: IdempotencyInterceptor },
  ],
})
export class BffModule {}
