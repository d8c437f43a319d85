import { Injectable } from '@nestjs/common';
import type {
  CompanyDetailRequest,
  CompanyDetailResponse,
  WhyThisRankResponse,
} from '@upright/contracts';
import { AveragesCache } from '../averages/averages-cache';
import { IndustriesService } from '../industries/industries.service';
import { CompaniesRepository } from './companies.repository';
import { mergeDetails } from './company-detail';
import { toCompany, toHeadquarters } from './company-rows';
import { RankedSets } from './ranked-sets.service';

/** The company page: fields, headquarters, the detail merge, ranks and industries. */
@Injectable()
export class CompanyDetailService {
  constructor(
    private readonly industries: IndustriesService,
    private readonly rankedSets: RankedSets,
    private readonly companies: CompaniesRepository,
    private readonly averages: AveragesCache,
  ) {}

  /** null when the industry has no company with this slug or it has no ranks. */
  async why(request: CompanyDetailRequest): Promise<WhyThisRankResponse | null> {
    const { view } = await this.industries.openActive(request.industry);
    const row = await this.companies.companyBySlug(request.industry, request.company);
    if (row === null) return null;
    const set = await this.rankedSets.latest(view, 'listed');
    return set?.whyOf(row.uprightCid, this.averages.weights) ?? null;
  }

  /** null when the industry has no company with this slug. */
  async detail(request: CompanyDetailRequest): Promise<CompanyDetailResponse> {
    const { view } = await this.industries.openActive(request.industry);
    const row = await this.companies.companyBySlug(request.industry, request.company);
    if (row === null) return null;
    const [detailRows, set] = await Promise.all([
      this.companies.detailRows(row.uprightCid),
      this.rankedSets.latest(view, 'listed'),
    ]);
    const company = toCompany(row);
    const activeIndustries = new Map(
      row.industries
        .filter((membership) => membership.ofIndustry.active)
        .map((membership) => [membership.industry, membership.ofIndustry.industryText]),
    );
    return {
      ...company,
      headquarters: toHeadquarters(row),
      ...mergeDetails(detailRows),
      ranks: set?.ranksOf(row.uprightCid, this.averages.weights) ?? null,
      industryList: company.industries
        .filter((industry) => activeIndustries.has(industry))
        .map((industry) => ({ industry, industry_text: activeIndustries.get(industry)! })),
    };
  }
}
