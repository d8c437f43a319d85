import { Injectable } from '@nestjs/common';
import type { ComparisonRequest, ResponseOf } from '@upright/contracts';
import { Patterns } from '@upright/contracts';
import { CompanyDetailService } from '../companies/company-detail.service';
import { IndustriesService } from '../industries/industries.service';
import { HistoryService } from './history.service';

/**
 * docs/product/rules.md#s12 comparison: each company's page answer (ranks, figures and their
 * sources) and its history, made by the same services as the company page and the history call.
 */
@Injectable()
export class ComparisonService {
  constructor(
    private readonly industries: IndustriesService,
    private readonly details: CompanyDetailService,
    private readonly history: HistoryService,
  ) {}

  async compare(
    request: ComparisonRequest,
  ): Promise<ResponseOf<typeof Patterns.rankings.comparison>> {
    const industryResult = await this.industries.get(request.industry);
    const companies = [];
    for (const company of request.companies) {
      const query = { industry: request.industry, company };
      const [detail, history] = await Promise.all([
        this.details.detail(query),
        this.history.companyHistory(query),
      ]);
      if (detail === null || history === null) return { unknown: company };
      companies.push({ detail, history: history.points });
    }
    return { result: { industryResult, companies } };
  }
}
