import { Injectable } from '@nestjs/common';
import {
  METHODOLOGY_EXAMPLE_MIN_COMPANIES,
  METHODOLOGY_VERSION,
  type IndustryCompaniesRequest,
  type IndustryCompaniesResponse,
  type MethodologyExampleResponse,
  type TopCompaniesRequest,
  type TopCompaniesResponse,
} from '@upright/contracts';
import { AveragesCache } from '../averages/averages-cache';
import { CompaniesRepository } from './companies.repository';
import { IndustriesService } from '../industries/industries.service';
import { RankedSets } from './ranked-sets.service';

/** The industry page's lists and the top lists of `/api/rankings/…`. */
@Injectable()
export class CompaniesService {
  constructor(
    private readonly industries: IndustriesService,
    private readonly rankedSets: RankedSets,
    private readonly averages: AveragesCache,
    private readonly repository: CompaniesRepository,
  ) {}

  /** The methodology page's worked example: the same answer as that industry's page. */
  async methodologyExample(): Promise<MethodologyExampleResponse> {
    const industry = await this.repository.smallestActiveIndustry(
      METHODOLOGY_EXAMPLE_MIN_COMPANIES,
    );
    return {
      methodology_version: METHODOLOGY_VERSION,
      example: industry === null ? null : await this.industryCompanies({ industry, period: null }),
      weights: this.averages.weights,
    };
  }

  async industryCompanies(request: IndustryCompaniesRequest): Promise<IndustryCompaniesResponse> {
    const { industry: industryResult, view } = await this.industries.openActive(request.industry);
    const set =
      request.period === null
        ? await this.rankedSets.latest(view, 'listed')
        : await this.rankedSets.at(view, 'listed', request.period);
    if (set === null) {
      return {
        result: { ranked: [], aranked: [], pranked: null, none: true },
        industryResult,
        period: null,
        previous_period: null,
        moves: {},
        previous_ranks: [],
      };
    }
    const previous = await this.rankedSets.before(view, 'listed', set.period);
    const averages = this.averages.weights;
    return {
      result: set.industryLists(averages),
      industryResult,
      period: set.period,
      previous_period: previous?.period ?? null,
      moves: set.movesSince(previous, averages),
      previous_ranks: previous?.issueRanks() ?? [],
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
