import { Injectable } from '@nestjs/common';
import {
  applicableDetailTables,
  applicableIssues,
  type CompanyDetailRequest,
  type CompanyDetailResponse,
  type WhyThisRankResponse,
} from '@upright/contracts';
import { AveragesCache } from '../averages/averages-cache';
import { IndustriesService, type OpenedIndustry } from '../industries/industries.service';
import { CompaniesRepository } from './companies.repository';
import { entriesOf, mergeDetails, peersOf } from './company-detail';
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
    const opened = await this.industries.openActive(request.industry);
    const row = await this.companies.companyBySlug(request.industry, request.company);
    if (row === null) return null;
    const set = await this.rankedSets.latest(opened, 'listed');
    return set?.whyOf(row.uprightCid, this.averages.weights) ?? null;
  }

  /**
   * null when the industry has no company with this slug. Kept per data version and averages:
   * pages and every follow read it; an unknown slug is not kept.
   */
  async detail(request: CompanyDetailRequest): Promise<CompanyDetailResponse> {
    const opened = await this.industries.openActive(request.industry);
    return opened.view.getOrLoadCompanyRead(
      `detail\n${this.averages.generation}\n${request.company}`,
      () => this.makeDetail(opened, request),
      (detail) => detail !== null,
    );
  }

  private async makeDetail(
    opened: OpenedIndustry,
    request: CompanyDetailRequest,
  ): Promise<CompanyDetailResponse> {
    const { industry } = opened;
    const row = await this.companies.companyBySlug(request.industry, request.company);
    if (row === null) return null;
    const [detailRows, set] = await Promise.all([
      this.companies.detailRows(row.uprightCid),
      this.rankedSets.latest(opened, 'listed'),
    ]);
    const applicable = applicableIssues(industry.industry_values);
    const details = mergeDetails(detailRows);
    const shown = entriesOf(details, applicableDetailTables(applicable));
    const peerRows = await this.companies.industryDetailRows(request.industry, shown);
    const company = toCompany(row);
    const activeIndustries = new Map(
      row.industries
        .filter((membership) => membership.ofIndustry.active)
        .map((membership) => [membership.industry, membership.ofIndustry.industryText]),
    );
    return {
      ...company,
      headquarters: toHeadquarters(row),
      ...details,
      peers: peersOf(shown, peerRows),
      applicable_issues: applicable,
      ranks: set?.ranksOf(row.uprightCid, this.averages.weights) ?? null,
      industryList: company.industries
        .filter((industry) => activeIndustries.has(industry))
        .map((industry) => ({ industry, industry_text: activeIndustries.get(industry)! })),
    };
  }
}
