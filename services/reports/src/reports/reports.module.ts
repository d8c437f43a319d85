import { Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import { SERVICE_CONFIG } from '@upright/platform';
import type { ReportsConfig } from '../config';
import { ReportSearchIndex } from '../search-index/search-index.queue';
import { ReportsController } from './reports.controller';
import { ReportsRepository } from './reports.repository';
import { ReportsService } from './reports.service';

@Module({
  controllers: [ReportsController],
  providers: [
    ReportsRepository,
    ReportsService,
    {
      provide: ReportSearchIndex,
      inject: [SERVICE_CONFIG],
      useFactory: (config: ReportsConfig) => new ReportSearchIndex(config),
    },
  ],
})
export class ReportsModule implements OnApplicationShutdown {
  constructor(@Inject(ReportSearchIndex) private readonly searchIndex: ReportSearchIndex) {}

  onApplicationShutdown(): Promise<void> {
    return this.searchIndex.close();
  }
}
