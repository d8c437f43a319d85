import { Injectable } from '@nestjs/common';
import type {
  CompanyHistoryRequest,
  CompanyHistoryResponse,
  IndustryHistoryRequest,
  IndustryHistoryResponse,
} from '@upright/contracts';
import { AveragesCache } from '../averages/averages-cache';
import { CompaniesRepository } from '../companies/companies.repository';
import { RankedSets } from '../companies/ranked-sets.service';
import { IndustriesService } from '../industries/industries.service';

/**
 * docs/product/rules.md#s12 history: the ranked sets of every period with scores, from the same
 * cache and engine as today's ranking, weighed by the current averages (the averages are not kept
 * per period; see decision 0024).
 */
@Injectable()
export class HistoryService {
  constructor(
    private readonly industries: IndustriesService,
    private readonly rankedSets: RankedSets,
    private readonly companies: CompaniesRepository,
    private readonly averages: AveragesCache,
  ) {}

  async industryHistory(request: IndustryHistoryRequest): Promise<IndustryHistoryResponse> {
    const opened = await this.industries.openActive(request.industry);
    const sets = await this.rankedSets.every(opened, 'listed');
    const averages = this.averages.weights;
    const companies = new Map<string, IndustryHistoryResponse['companies'][number]>();
    for (const set of sets) {
      for (const { company } of set.members) {
        const { upright_cid, company_name, slug } = company;
        companies.set(upright_cid, { upright_cid, company_name, slug });
      }
    }
    return {
      industry: request.industry,
      companies: [...companies.values()].sort((a, b) =>
        a.upright_cid < b.upright_cid ? -1 : a.upright_cid > b.upright_cid ? 1 : 0,
      ),
      periods: sets.map((set) => ({
        period: set.period,
        n: set.lowestRank,
        ranked: set.historicRanks(averages),
      })),
    };
  }

  /** null when the industry has no company with this slug. */
  async companyHistory(request: CompanyHistoryRequest): Promise<CompanyHistoryResponse | null> {
    const opened = await this.industries.openActive(request.industry);
    const row = await this.companies.companyBySlug(request.industry, request.company);
    if (row === null) return null;
    const sets = await this.rankedSets.every(opened, 'listed');
    const averages = this.averages.weights;
    return {
      industry: request.industry,
      upright_cid: row.uprightCid,
      company_name: row.companyName,
      slug: row.slug,
      points: sets.flatMap((set) => {
        const found = set.ranksOf(row.uprightCid, averages);
        if (found === null) return [];
        const {
          period,
          lowestRank,
          companies_scores,
          raw_prank: _raw,
          prank: _prank,
          ptied: _ptied,
          ...ranks
        } = found;
        return [{ period, n: lowestRank, ranks, companies_scores }];
      }),
    };
  }
}
