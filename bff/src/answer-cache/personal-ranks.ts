import {
  orderByName,
  orderedByRank,
  weighIssueRanks,
  type IndustryCompaniesResponse,
  type IssueWeights,
  type RankedCompany,
  type WeightedRank,
} from '@upright/contracts';

/** A member's weighting of one ranked set: each company's personal ranks and the pranked list. */
export interface PersonalRanks {
  byCid: ReadonlyMap<string, WeightedRank>;
  /** upright_cid by prank, then name (decisions §5 rule 9). */
  pranked: string[];
}

/**
 * The visitor's answer of an industry, read once per kept answer: its companies and their name
 * order are all a member's weighting needs (decisions §11: re-weigh the kept per-issue ranks,
 * never recompute the set).
 */
export class RankedSetOfAnswer {
  private readonly nameOrder: number[];
  readonly companies: readonly RankedCompany[];

  constructor(answer: IndustryCompaniesResponse) {
    this.companies = answer.result.ranked;
    this.nameOrder = orderByName(this.companies);
  }

  /** Rules 7–9 with the member's values, by the same code as the engine's. */
  weigh(values: IssueWeights): PersonalRanks {
    const weighted = weighIssueRanks(this.companies, values, this.companies.length);
    const byCid = new Map(weighted.map((rank) => [rank.upright_cid, rank]));
    const ordered = orderedByRank(weighted, this.nameOrder, (rank) => rank.rank);
    return { byCid, pranked: ordered.map((rank) => rank.upright_cid) };
  }
}
