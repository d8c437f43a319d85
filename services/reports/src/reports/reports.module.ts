import { Module } from '@nestjs/common';
import { searchIndexJobs } from '@upright/contracts';
import { QueueProducerModule } from '@upright/platform';
import { ReportSearchIndex } from '../search-index/search-index.queue';
import { ReportsController } from './reports.controller';
import { ReportsRepository } from './reports.repository';
import { ReportsService } from './reports.service';

@Module({
  imports: [QueueProducerModule.register(searchIndexJobs)],
  controllers: [ReportsController],
  providers: [ReportsRepository, ReportsService, ReportSearchIndex],
})
export class ReportsModule {}
