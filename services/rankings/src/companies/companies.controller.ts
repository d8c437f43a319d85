import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Patterns, type ResponseOf } from '@upright/contracts';
import { parseMessage } from '@upright/platform';
import { CompaniesService } from './companies.service';
import { CompanyDetailService } from './company-detail.service';
import {
  companyDetailRequestSchema,
  industryCompaniesRequestSchema,
  topCompaniesRequestSchema,
} from './companies.schemas';

@Controller()
export class CompaniesController {
  constructor(
    private readonly companies: CompaniesService,
    private readonly details: CompanyDetailService,
  ) {}

  @MessagePattern(Patterns.rankings.industryCompanies)
  industryCompanies(
    @Payload() data: unknown,
  ): Promise<ResponseOf<typeof Patterns.rankings.industryCompanies>> {
    return this.companies.industryCompanies(parseMessage(industryCompaniesRequestSchema, data));
  }

  @MessagePattern(Patterns.rankings.methodologyExample)
  methodologyExample(): Promise<ResponseOf<typeof Patterns.rankings.methodologyExample>> {
    return this.companies.methodologyExample();
  }

  @MessagePattern(Patterns.rankings.whyThisRank)
  whyThisRank(@Payload() data: unknown): Promise<ResponseOf<typeof Patterns.rankings.whyThisRank>> {
    return this.details.why(parseMessage(companyDetailRequestSchema, data));
  }

  @MessagePattern(Patterns.rankings.companyDetail)
  companyDetail(
    @Payload() data: unknown,
  ): Promise<ResponseOf<typeof Patterns.rankings.companyDetail>> {
    return this.details.detail(parseMessage(companyDetailRequestSchema, data));
  }

  @MessagePattern(Patterns.rankings.topCompanies)
  topCompanies(
    @Payload() data: unknown,
  ): Promise<ResponseOf<typeof Patterns.rankings.topCompanies>> {
    return this.companies.topCompanies(parseMessage(topCompaniesRequestSchema, data));
  }
}
