import {
  ISSUE_KEYS,
  orderByName,
  personalMoves,
  rankPersonally,
  type IndustryCompaniesResponse,
  type IssueRanksOf,
  type IssueWeights,
  type PersonallyRankable,
  type WeightedRank,
} from '@upright/contracts';

/** A member's weighting of one ranked set: each company's personal ranks and the pranked list. */
export interface PersonalRanks {
  byCid: ReadonlyMap<string, WeightedRank>;
  /** upright_cid by prank, then name (docs/product/rules.md#s5 rule 9). */
  pranked: string[];
  /** The member's own move of each company ranked in the previous period (record 0047). */
  moves: ReadonlyMap<string, number>;
}

/**
 * The visitor's answer of an industry, read once per kept answer: its companies and their name
 * order are all a member's weighting needs (docs/product/rules.md#s11: re-weigh the kept per-issue
 * ranks, never recompute the set).
 */
export class RankedSetOfAnswer {
  private readonly nameOrder: number[];
  /** Only what weighing reads, in small objects of one shape: a wide company is slow to read. */
  private readonly companies: readonly PersonallyRankable[];
  private readonly previous: readonly IssueRanksOf[];

  constructor(answer: IndustryCompaniesResponse) {
    this.previous = answer.previous_ranks;
    this.companies = answer.result.ranked.map(
      (company) =>
        Object.fromEntries([
          ['upright_cid', company.upright_cid],
          ['company_name', company.company_name],
          ...ISSUE_KEYS.map((key) => [`${key}_rank`, company[`${key}_rank`]]),
        ]) as PersonallyRankable,
    );
    this.nameOrder = orderByName(this.companies);
  }

  /**
   * Rules 7–9 with the member's values, by the contracts' code the engine shares, and the moves
   * since the previous period weighed with the same values.
   */
  weigh(values: IssueWeights): PersonalRanks {
    const { ranks, pranked } = rankPersonally(this.companies, values, this.nameOrder);
    return {
      byCid: new Map(ranks.map((rank) => [rank.upright_cid, rank])),
      pranked,
      moves: personalMoves(ranks, this.previous, values),
    };
  }
}
