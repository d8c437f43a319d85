import { Injectable } from '@nestjs/common';
import type {
  IndustryCompaniesRequest,
  IndustryCompaniesResponse,
  TopCompaniesRequest,
  TopCompaniesResponse,
} from '@upright/contracts';
import { AveragesCache } from '../averages/averages-cache';
import { IndustriesService } from '../industries/industries.service';
import { RankedSets } from './ranked-sets.service';

/** The industry page's lists and the top lists of `/api/rankings/…`. */
@Injectable()
export class CompaniesService {
  constructor(
    private readonly industries: IndustriesService,
    private readonly rankedSets: RankedSets,
    private readonly averages: AveragesCache,
  ) {}

  async industryCompanies(request: IndustryCompaniesRequest): Promise<IndustryCompaniesResponse> {
    const { industry: industryResult, view } = await this.industries.openActive(request.industry);
    const set =
      request.period === null
        ? await this.rankedSets.latest(view, 'listed')
        : await this.rankedSets.at(view, 'listed', request.period);
    return {
      result:
        set === null
          ? { ranked: [], aranked: [], pranked: null, none: true }
          : set.industryLists(this.averages.weights),
      industryResult,
      period: set?.period ?? null,
    };
  }

  async topCompanies(request: TopCompaniesRequest): Promise<TopCompaniesResponse> {
    const { view } = await this.industries.openActive(request.industry);
    const scope = request.primaryOnly ? 'primary' : 'listed';
    const set = await this.rankedSets.at(view, scope, request.period);
    return {
      rankings: set.top(request.value, request.major, request.count),
      lowestRank: set.lowestRank,
      period: set.period,
    };
  }
}
