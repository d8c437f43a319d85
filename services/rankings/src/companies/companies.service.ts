import { Injectable } from '@nestjs/common';
import {
  applicableIssues,
  DETAIL_TABLES_OF_ISSUE,
  METHODOLOGY_EXAMPLE_MIN_COMPANIES,
  METHODOLOGY_VERSION,
  weightsBasis,
  type IndustryCompaniesRequest,
  type IndustryCompaniesResponse,
  type MethodologyExampleResponse,
  type TopCompaniesRequest,
  type TopCompaniesResponse,
} from '@upright/contracts';
import { AveragesCache } from '../averages/averages-cache';
import { CompaniesRepository } from './companies.repository';
import { IndustriesService } from '../industries/industries.service';
import { figuresByCompany } from './company-detail';
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
      ...this.visitorWeights(),
    };
  }

  async industryCompanies(request: IndustryCompaniesRequest): Promise<IndustryCompaniesResponse> {
    const opened = await this.industries.openActive(request.industry);
    const industryResult = opened.industry;
    const set =
      request.period === null
        ? await this.rankedSets.latest(opened, 'listed')
        : await this.rankedSets.at(opened, 'listed', request.period);
    if (set === null) {
      return {
        result: { ranked: [], aranked: [], pranked: null, none: true },
        industryResult,
        period: null,
        previous_period: null,
        moves: {},
        previous_ranks: [],
        ...this.visitorWeights(),
      };
    }
    const previous = await this.rankedSets.before(opened, 'listed', set.period);
    const averages = this.averages.weights;
    return {
      result: set.industryLists(averages),
      industryResult,
      period: set.period,
      previous_period: previous?.period ?? null,
      moves: set.movesSince(previous, averages),
      previous_ranks: previous?.issueRanks() ?? [],
      weights: averages,
      basis: weightsBasis(averages, false),
    };
  }

  /** The weights visitors' rankings use now, and whose they are (rules §16). */
  private visitorWeights() {
    const weights = this.averages.weights;
    return { weights, basis: weightsBasis(weights, false) };
  }

  /**
   * A top list, each company with its rank on the same value at the previous period and, on an
   * issue, its figures behind that issue (what a report on it shows).
   */
  async topCompanies(request: TopCompaniesRequest): Promise<TopCompaniesResponse> {
    const opened = await this.industries.openActive(request.industry);
    const scope = request.primaryOnly ? 'primary' : 'listed';
    const set = await this.rankedSets.at(opened, scope, request.period);
    const previous = await this.rankedSets.before(opened, scope, set.period);
    const top = set.top(request.value, request.major, request.count);
    const before = previous?.ranksOn(request.value, request.major);
    const issue = request.major || request.value === 'overall' ? null : request.value;
    const figures =
      issue === null
        ? null
        : figuresByCompany(
            await this.repository.detailRowsAt(
              top.map((company) => company.upright_cid),
              DETAIL_TABLES_OF_ISSUE[issue],
              set.period,
            ),
          );
    return {
      rankings: top.map((company) => {
        const rank = before?.get(company.upright_cid);
        return Object.assign(company, {
          previous: rank === undefined ? null : { period: previous!.period, rank },
          ...(figures && { figures: figures.get(company.upright_cid) ?? [] }),
        });
      }),
      lowestRank: set.lowestRank,
      period: set.period,
      applicable_issues: applicableIssues(opened.industry.industry_values),
    };
  }
}
