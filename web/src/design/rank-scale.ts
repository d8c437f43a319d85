/**
 * The colour scale on ranks (decision 0056): five tiers, each a fifth of the
 * ranked companies, best first. Colour is never the only cue: the tier also fills that many of
 * the five pips of `RankMeter` (five for the best fifth, one for the worst).
 */
export type RankTier = 1 | 2 | 3 | 4 | 5;

export const TIER_WORDS: Record<RankTier, string> = {
  1: 'top fifth',
  2: 'second fifth',
  3: 'middle fifth',
  4: 'fourth fifth',
  5: 'bottom fifth',
};

/** Rank 1 of `of` is tier 1; the last is tier 5; no rank, or no field to place it in, has none. */
export function rankTier(rank: number | null | undefined, of: number): RankTier | null {
  if (rank === null || rank === undefined || of < 1 || rank < 1) return null;
  return (Math.floor(((Math.min(rank, of) - 1) * 5) / of) + 1) as RankTier;
}

/** The class a ranked cell or badge carries (`tier-1` … `tier-5`), or '' without a tier. */
export function rankTierClass(rank: number | null | undefined, of: number): string {
  const tier = rankTier(rank, of);
  return tier === null ? '' : `tier-${tier}`;
}
