import { Module } from '@nestjs/common';
import { AveragesModule } from '../averages/averages.module';
import { CompaniesModule } from '../companies/companies.module';
import { IndustriesModule } from '../industries/industries.module';
import { ComparisonService } from './comparison.service';
import { HistoryController } from './history.controller';
import { HistoryService } from './history.service';

@Module({
  imports: [IndustriesModule, AveragesModule, CompaniesModule],
  controllers: [HistoryController],
  providers: [HistoryService, ComparisonService],
})
export class HistoryModule {}
