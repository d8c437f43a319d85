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

/**
 * A member's own moves (docs/product/rules.md#s12, record 0047): each company's rank in the
 * previous period's set weighed with the member's values, less its rank now. Companies not ranked
 * then are left out (new). `now` is the member's weighting of the current set.
 */
export function personalMoves(
  now: readonly WeightedRank[],
  previous: readonly IssueRanksOf[],
  values: Weights,
): Map<string, number> {
  const then = new Map(
    weighIssueRanks(previous, values, previous.length).map((rank) => [rank.upright_cid, rank.rank]),
  );
  const moves = new Map<string, number>();
  for (const rank of now) {
    const before = then.get(rank.upright_cid);
    if (before !== undefined) moves.set(rank.upright_cid, before - rank.rank);
  }
  return moves;
}
