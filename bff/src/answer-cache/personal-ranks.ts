import {
  applicableIssues,
  KeptRankedSet,
  type IndustryCompaniesResponse,
  type PositionalRanking,
} from '@upright/contracts';

/** A member's weighting of one kept ranked set, by position in it. */
export type PersonalRanks = PositionalRanking;

/**
 * The visitor's answer of an industry, read once per kept answer: its companies, their name order
 * and the previous period's ranks are all a member's weighting needs (docs/product/rules.md#s11:
 * re-weigh the kept per-issue ranks, never recompute the set), by the contracts' code the engine
 * shares, summed over the industry's applicable issues as the engine's sums are (rules §5 rule 5).
 */
export class RankedSetOfAnswer extends KeptRankedSet {
  constructor(answer: IndustryCompaniesResponse) {
    super(
      answer.result.ranked,
      answer.previous_ranks,
      applicableIssues(answer.industryResult.industry_values),
    );
  }
}
