import type {
  Company,
  CompanyRanksInIndustry,
  CompanyScores,
  IndustryCompaniesResult,
  IssueWeights,
  Period,
  RankedCompany,
  RankingValue,
  TopCompany,
} from '@upright/contracts';
import {
  assembleIndustryRanking,
  rankIssues,
  rankOnIssue,
  rankOnNormalized,
  weigh,
  type IndustryRanking,
  type IssueRankedCompany,
  type IssueRanking,
  type RankedCompany as EngineRankedCompany,
  type WeightedRanks,
} from '../ranking-engine';
import { toRankable } from './company-rows';

/** Which companies of an industry are ranked together. */
export type MemberScope =
  /** Every company that lists the industry (`company_industries`). */
  | 'listed'
  /** Only those whose primary `industry` is this one (`/api/rankings/…/true/…`). */
  | 'primary';

export interface RankedSetMember {
  company: Company;
  scores: CompanyScores;
}

/**
 * The ranked set S of decisions §5 (one industry, period and scope) with its stage-1 ranking:
 * what the cache keeps per data version. Each request only re-weighs it: once per averages for
 * visitors (memoised), once per member's values for a personal ranking.
 */
export class RankedSet {
  readonly issueRanking: IssueRanking;
  private readonly indexOfCid: ReadonlyMap<string, number>;
  private visitorMemo?: {
    averages: IssueWeights;
    averaged: WeightedRanks;
    ranking: IndustryRanking;
    result: IndustryCompaniesResult;
  };

  constructor(
    readonly period: Period,
    /** Index-aligned with `issueRanking.companies`. */
    readonly members: readonly RankedSetMember[],
  ) {
    this.issueRanking = rankIssues(
      members.map(({ company, scores }) => toRankable(company, scores)),
    );
    this.indexOfCid = new Map(members.map(({ company }, i) => [company.upright_cid, i]));
  }

  get lowestRank(): number {
    return this.issueRanking.lowestRank;
  }

  /**
   * ranked / aranked / pranked of `GET /api/companies/…`. `averages` must be the AveragesCache's
   * current object: it is replaced only when the averages change, which keys the visitor memo.
   */
  industryLists(
    averages: IssueWeights,
    memberValues: IssueWeights | null,
  ): IndustryCompaniesResult {
    if (memberValues === null) return this.visitorRanking(averages).result;
    return this.withCompanyFields(this.engineRanking(averages, memberValues));
  }

  /** One company's ranks, from the same ranking as the industry page; null when not in S. */
  ranksOf(
    uprightCid: string,
    averages: IssueWeights,
    memberValues: IssueWeights | null,
  ): CompanyRanksInIndustry | null {
    const index = this.indexOfCid.get(uprightCid);
    if (index === undefined) return null;
    const ranking = this.engineRanking(averages, memberValues);
    const ranked = ranking.ranked.find((company) => company.upright_cid === uprightCid)!;
    const { upright_cid: _cid, company_name: _name, ...ranks } = ranked;
    return {
      ...ranks,
      companies_scores: this.members[index].scores,
      period: this.period,
      lowestRank: this.lowestRank,
    };
  }

  /** The first `count` on an issue, or on normalized_rank for `overall` and the major variant. */
  top(value: RankingValue, major: boolean, count: number): TopCompany[] {
    const top =
      major || value === 'overall'
        ? rankOnNormalized(this.issueRanking, count)
        : rankOnIssue(this.issueRanking, value, count);
    return top.map((ranked) => this.withFields(ranked));
  }

  private engineRanking(
    averages: IssueWeights,
    memberValues: IssueWeights | null,
  ): IndustryRanking {
    const visitor = this.visitorRanking(averages);
    if (memberValues === null) return visitor.ranking;
    const personal = weigh(this.issueRanking, memberValues);
    return assembleIndustryRanking(this.issueRanking, visitor.averaged, personal);
  }

  private visitorRanking(averages: IssueWeights) {
    if (this.visitorMemo?.averages !== averages) {
      const averaged = weigh(this.issueRanking, averages);
      const ranking = assembleIndustryRanking(this.issueRanking, averaged, null);
      this.visitorMemo = { averages, averaged, ranking, result: this.withCompanyFields(ranking) };
    }
    return this.visitorMemo;
  }

  /** The three lists share one object per company, as the engine's lists do. */
  private withCompanyFields(ranking: IndustryRanking): IndustryCompaniesResult {
    const merged = new Map<EngineRankedCompany, RankedCompany>(
      ranking.ranked.map((ranked) => [ranked, this.withFields(ranked)]),
    );
    const of = (list: readonly EngineRankedCompany[]) => list.map((ranked) => merged.get(ranked)!);
    return {
      ranked: of(ranking.ranked),
      aranked: of(ranking.aranked),
      pranked: ranking.pranked === null ? null : of(ranking.pranked),
      none: ranking.none,
    };
  }

  /** The company's own fields and scores, then the engine's fields for it. */
  private withFields<R extends IssueRankedCompany>(
    ranked: R,
  ): Company & { companies_scores: CompanyScores } & R {
    const { company, scores } = this.members[this.indexOfCid.get(ranked.upright_cid)!];
    return { ...company, companies_scores: scores, ...ranked };
  }
}
