import { Module } from '@nestjs/common';
import { AveragesModule } from '../averages/averages.module';
import { IndustriesModule } from '../industries/industries.module';
import { CompaniesController } from './companies.controller';
import { CompaniesRepository } from './companies.repository';
import { CompaniesService } from './companies.service';
import { CompanyDetailService } from './company-detail.service';
import { RankedSets } from './ranked-sets.service';

@Module({
  imports: [IndustriesModule, AveragesModule],
  controllers: [CompaniesController],
  providers: [CompaniesRepository, RankedSets, CompaniesService, CompanyDetailService],
  exports: [CompaniesRepository, RankedSets, CompanyDetailService],
})
export class CompaniesModule {}
