import { orderByName, orderedByRank } from './name-order';
import { weighIssueRanks, type IssueRanksOf, type WeightedRank, type Weights } from './weigh';

export type PersonallyRankable = IssueRanksOf & { readonly company_name: string };

/** A member's weighting of one ranked set (docs/product/rules.md#s5 rules 7–9). */
export interface PersonalRanking {
  /** Index-aligned with the companies weighed. */
  ranks: WeightedRank[];
  /** upright_cid by prank, then name. */
  pranked: string[];
}

/**
 * A personal ranking from companies that already carry their nine issue ranks (an industry
 * answer's `ranked`): what the BFF gives a signed-in member and the priorities page previews.
 * `nameOrder` may be passed when it is kept (see orderByName).
 */
export function rankPersonally(
  companies: readonly PersonallyRankable[],
  values: Weights,
  nameOrder: readonly number[] = orderByName(companies),
): PersonalRanking {
  const ranks = weighIssueRanks(companies, values, companies.length);
  const ordered = orderedByRank(ranks, nameOrder, (rank) => rank.rank);
  return { ranks, pranked: ordered.map((rank) => rank.upright_cid) };
}
