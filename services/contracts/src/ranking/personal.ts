import type { IssueKey } from '../issues';
import {
  fromHundredths,
  orderByName,
  orderedByRank,
  sharedRankFlags,
  issueRankMatrix,
  weighIssueRanks,
  weighRankMatrix,
  type IssueRanksOf,
  type WeightedRank,
  type Weights,
} from '@upright/ranking-rules';

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
 * answer's `ranked`), summed over the industry's `applicable` issues: what the BFF gives a
 * signed-in member and the priorities page previews. `nameOrder` may be passed when it is kept
 * (see orderByName).
 */
export function rankPersonally(
  companies: readonly PersonallyRankable[],
  values: Weights,
  applicable: readonly IssueKey[],
  nameOrder: readonly number[] = orderByName(companies),
): PersonalRanking {
  const ranks = weighIssueRanks(companies, values, companies.length, applicable);
  const ordered = orderedByRank(ranks, nameOrder, (rank) => rank.rank);
  return { ranks, pranked: ordered.map((rank) => rank.upright_cid) };
}

/**
 * A member's own moves (docs/product/rules.md#s12, decision 0047): each company's rank in the
 * previous period's set weighed with the member's values, less its rank now. Companies not ranked
 * then are left out (new). `now` is the member's weighting of the current set.
 */
export function personalMoves(
  now: readonly WeightedRank[],
  previous: readonly IssueRanksOf[],
  values: Weights,
  applicable: readonly IssueKey[],
): Map<string, number> {
  const then = new Map(
    weighIssueRanks(previous, values, previous.length, applicable).map((rank) => [
      rank.upright_cid,
      rank.rank,
    ]),
  );
  const moves = new Map<string, number>();
  for (const rank of now) {
    const before = then.get(rank.upright_cid);
    if (before !== undefined) moves.set(rank.upright_cid, before - rank.rank);
  }
  return moves;
}

/**
 * A member's weighting of one kept set by position in it (see KeptRankedSet): typed arrays rather
 * than an object and map entries per company, which at 10,000 companies cost more than the
 * weighing itself.
 */
export interface PositionalRanking {
  readonly set: KeptRankedSet;
  /** Σ rank × value in integer hundredths (rule 8); see rawAt. */
  readonly rawHundredths: Float64Array;
  readonly ranks: Int32Array;
  readonly tied: readonly boolean[];
  /** The member's own move of each company (decision 0047); NaN when it was not ranked then. */
  readonly moves: Float64Array;
  /** upright_cid by prank, then name (rule 9). */
  readonly pranked: string[];
}

/** raw_prank of the company at `position`, as the rules write it (at most 2 decimals). */
export function rawAt(ranking: PositionalRanking, position: number): number {
  return fromHundredths(ranking.rawHundredths[position]);
}

/**
 * One ranked set and its previous period read once into what every member's weighting needs
 * (docs/product/rules.md#s11: re-weigh the kept per-issue ranks, never recompute the set): both
 * periods' issue ranks as flat matrices, the name order, where each company stood then, and the
 * industry's applicable issues (both periods are summed over them). `weigh` is rankPersonally and
 * personalMoves by position, with the same arithmetic.
 */
export class KeptRankedSet {
  private readonly cids: readonly string[];
  private readonly positions: ReadonlyMap<string, number>;
  private readonly nameOrder: readonly number[];
  private readonly everyPosition: readonly number[];
  private readonly now: Float64Array;
  private readonly previous: Float64Array;
  private readonly previousCount: number;
  /** Per position: the company's position in `previous`, −1 when it was not ranked then. */
  private readonly previousAt: Int32Array;

  constructor(
    companies: readonly PersonallyRankable[],
    previous: readonly IssueRanksOf[],
    private readonly applicable: readonly IssueKey[],
  ) {
    this.cids = companies.map((company) => company.upright_cid);
    this.positions = new Map(this.cids.map((cid, position) => [cid, position]));
    this.nameOrder = orderByName(companies);
    this.everyPosition = this.cids.map((_, position) => position);
    this.now = issueRankMatrix(companies);
    this.previous = issueRankMatrix(previous);
    this.previousCount = previous.length;
    const then = new Map(previous.map((company, at) => [company.upright_cid, at]));
    this.previousAt = Int32Array.from(this.cids, (cid) => then.get(cid) ?? -1);
  }

  /** Where the company is in the set; −1 when it is not in it. */
  positionOf(uprightCid: string): number {
    return this.positions.get(uprightCid) ?? -1;
  }

  weigh(values: Weights): PositionalRanking {
    const { rawHundredths, ranks } = weighRankMatrix(
      this.now,
      values,
      this.cids.length,
      this.applicable,
    );
    const then = weighRankMatrix(this.previous, values, this.previousCount, this.applicable).ranks;
    const moves = new Float64Array(ranks.length);
    for (let position = 0; position < ranks.length; position++) {
      const at = this.previousAt[position];
      moves[position] = at < 0 ? Number.NaN : then[at] - ranks[position];
    }
    const order = orderedByRank(this.everyPosition, this.nameOrder, (position) => ranks[position]);
    return {
      set: this,
      rawHundredths,
      ranks,
      tied: sharedRankFlags(ranks),
      moves,
      pranked: order.map((position) => this.cids[position]),
    };
  }
}
