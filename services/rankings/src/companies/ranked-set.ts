import {
  explainRank,
  ISSUE_KEYS,
  weightsBasis,
  type Company,
  type IssueKey,
  type CompanyRanksInIndustry,
  type CompanyScores,
  type IndustryCompaniesResult,
  type IndustryHistoryEntry,
  type IndustryMoves,
  type IssueWeights,
  type Period,
  type RankingValue,
  type TopCompany,
  type WhyThisRank,
  type WhyThisRankResponse,
  type IssueRanksOf,
} from '@upright/contracts';
import {
  assembleIndustryRanking,
  rankIssues,
  rankOnIssue,
  rankOnNormalized,
  weigh,
  whyThisRank,
  type IndustryRanking,
  type IssueRankedCompany,
  type IssueRanking,
  type RankedCompany,
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
 * The ranked set S of docs/product/rules.md#s5 (one industry, period and scope) with its stage-1
 * ranking: what the cache keeps per data version. It is weighed once per averages (memoised).
 */
export class RankedSet {
  readonly issueRanking: IssueRanking;
  private readonly indexOfCid: ReadonlyMap<string, number>;
  private whyMemo?: { averages: IssueWeights; entries: WhyThisRank[] };
  private visitorMemo?: {
    averages: IssueWeights;
    averaged: WeightedRanks;
    ranking: IndustryRanking;
    result: IndustryCompaniesResult;
  };

  constructor(
    /** The industry's applicable issues: the only ones its sums add up (rules §5 rule 5). */
    applicable: readonly IssueKey[],
    readonly period: Period,
    /** Index-aligned with `issueRanking.companies`. */
    readonly members: readonly RankedSetMember[],
  ) {
    this.issueRanking = rankIssues(
      members.map(({ company, scores }) => toRankable(company, scores)),
      applicable,
    );
    this.indexOfCid = new Map(members.map(({ company }, i) => [company.upright_cid, i]));
  }

  get lowestRank(): number {
    return this.issueRanking.lowestRank;
  }

  /**
   * ranked and aranked of `GET /api/companies/…` for visitors (pranked is the BFF's,
   * docs/product/rules.md#s11). `averages` must be the AveragesCache's current object: it is
   * replaced only when the averages change, which keys the memo.
   */
  industryLists(averages: IssueWeights): IndustryCompaniesResult {
    return this.visitorRanking(averages).result;
  }

  /** One company's ranks, from the same ranking as the industry page; null when not in S. */
  ranksOf(uprightCid: string, averages: IssueWeights): CompanyRanksInIndustry | null {
    const index = this.indexOfCid.get(uprightCid);
    if (index === undefined) return null;
    const ranked = this.visitorRanking(averages).ranking.ranked.find(
      (company) => company.upright_cid === uprightCid,
    )!;
    const { upright_cid: _cid, company_name: _name, ...ranks } = ranked;
    return {
      ...ranks,
      companies_scores: this.members[index].scores,
      period: this.period,
      lowestRank: this.lowestRank,
    };
  }

  /**
   * "Why this rank" of one company with the visitors' weights, worked out for the whole set once
   * per averages, on the applicable issues its sums are made of (decision 0054).
   */
  whyOf(uprightCid: string, averages: IssueWeights): WhyThisRankResponse | null {
    const index = this.indexOfCid.get(uprightCid);
    if (index === undefined) return null;
    if (this.whyMemo?.averages !== averages) {
      this.whyMemo = { averages, entries: whyThisRank(this.issueRanking, averages) };
    }
    return {
      ...this.whyMemo.entries[index],
      period: this.period,
      lowestRank: this.lowestRank,
      weights: averages,
      basis: weightsBasis(averages, false),
      applicable_issues: [...this.issueRanking.applicable],
      explanation: explainRank(
        this.issueRanking.companies,
        averages,
        this.issueRanking.applicable,
        uprightCid,
      )!,
    };
  }

  /**
   * Every company's ranks without its name or personal fields, by normalized_rank then name:
   * one period of an industry's history (docs/product/rules.md#s12).
   */
  historicRanks(averages: IssueWeights): IndustryHistoryEntry[] {
    return this.visitorRanking(averages).ranking.ranked.map(
      ({ company_name: _name, raw_prank: _raw, prank: _prank, ptied: _ptied, ...ranks }) => ranks,
    );
  }

  /**
   * Each company's move since `previous` (the last earlier period with scores): places gained on
   * normalized_rank and on arank, null for a company not ranked then (docs/product/rules.md#s12).
   */
  movesSince(previous: RankedSet | null, averages: IssueWeights): IndustryMoves {
    const before = previous
      ? new Map(previous.visitorRanking(averages).ranking.ranked.map((c) => [c.upright_cid, c]))
      : new Map<string, RankedCompany>();
    const moves: IndustryMoves = {};
    for (const now of this.visitorRanking(averages).ranking.ranked) {
      const then = before.get(now.upright_cid);
      moves[now.upright_cid] = then
        ? {
            normalized_rank: then.normalized_rank - now.normalized_rank,
            arank: then.arank - now.arank,
            prank: null,
          }
        : { normalized_rank: null, arank: null, prank: null };
    }
    return moves;
  }

  /** Every company's nine issue ranks and nothing else: what a member's moves are weighed from. */
  issueRanks(): IssueRanksOf[] {
    return this.issueRanking.companies.map(
      (company) =>
        Object.fromEntries([
          ['upright_cid', company.upright_cid],
          ...ISSUE_KEYS.map((key) => [`${key}_rank`, company[`${key}_rank`]]),
        ]) as IssueRanksOf,
    );
  }

  /** The first `count` on an issue, or on normalized_rank for `overall` and the major variant. */
  top(value: RankingValue, major: boolean, count: number): TopCompany[] {
    const top =
      major || value === 'overall'
        ? rankOnNormalized(this.issueRanking, count)
        : rankOnIssue(this.issueRanking, value, count);
    return top.map((ranked) => this.withFields(ranked));
  }

  /**
   * Each company's rank on a top list's value in this set (the previous period's, for a report's
   * change since then), by upright_cid.
   */
  ranksOn(value: RankingValue, major: boolean): Map<string, number> {
    const field = major || value === 'overall' ? 'normalized_rank' : (`${value}_rank` as const);
    return new Map(
      this.issueRanking.companies.map((company) => [company.upright_cid, company[field]]),
    );
  }

  private visitorRanking(averages: IssueWeights) {
    if (this.visitorMemo?.averages !== averages) {
      const averaged = weigh(this.issueRanking, averages);
      const ranking = assembleIndustryRanking(this.issueRanking, averaged, null);
      this.visitorMemo = { averages, averaged, ranking, result: this.withCompanyFields(ranking) };
    }
    return this.visitorMemo;
  }

  /**
   * Each company once, in `ranked`; the weighted order refers to it by id
   * (docs/product/rules.md#s11).
   */
  private withCompanyFields(ranking: IndustryRanking): IndustryCompaniesResult {
    return {
      ranked: ranking.ranked.map((ranked) => this.withFields(ranked)),
      aranked: ranking.aranked.map((ranked) => ranked.upright_cid),
      pranked: null,
      none: ranking.none,
    };
  }

  /** The company's own fields and scores, then the engine's fields for it. */
  private withFields<R extends IssueRankedCompany>(
    ranked: R,
  ): Company & { companies_scores: CompanyScores } & R {
    const { company, scores } = this.members[this.indexOfCid.get(ranked.upright_cid)!];
    // Object.assign, not spread: a spread of these wide objects costs ~25× more in V8.
    return Object.assign({}, company, { companies_scores: scores }, ranked);
  }
}
