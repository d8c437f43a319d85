import { weighIssueRanks } from '@upright/contracts';
import type { IssueRanking, WeightedRanks, Weights } from './types';

/**
 * Stage 2 (docs/product/rules.md#s5 rules 6–8) for a stage-1 result, over its applicable issues:
 * the contracts' weighing,
 * shared with the BFF and the browser so that every place ranks with the same exact arithmetic. The
 * result is index-aligned with `ranking.companies`.
 *
 * @throws RangeError when a weight is missing, not finite or negative, or when the sums could
 * exceed the safe-integer range.
 */
export function weigh(ranking: IssueRanking, weights: Weights): WeightedRanks {
  return weighIssueRanks(ranking.companies, weights, ranking.lowestRank, ranking.applicable);
}
