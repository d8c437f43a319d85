import {
  applicableWeightHundredths,
  competitionRanks,
  fromHundredths,
  ISSUE_KEYS,
  type IssueKey,
  type WhyThisRank,
} from '@upright/contracts';
import type { IssueRanking, Weights } from './types';
import { weigh } from './weigh';

/**
 * "Why this rank" for every company of a stage-1 ranking, index-aligned with it.
 *
 * Best and worst range over the 2^a weightings that set each of the a applicable issues to 0 or 10
 * (the others weigh nothing, rules §5 rule 5), and over the weighting shown. The shown one is included on purpose: a rank is a count of half-spaces
 * (company j is ahead of c where (rank_j − rank_c)·w < 0), and such a count can peak strictly
 * inside the cube of weights, so a weighting with averages like 4.3 can put a company lower than
 * every 0/10 weighting does. Including it keeps best ≤ shown ≤ worst true, as
 * readers expect. Sums are compared as integers: ranks × (0 or 1) for the extremes (×10 changes
 * no order), so the result is exact. At most 512 × n × 9 additions and 512 sorts of n: cheap at
 * any industry size; callers cache it per data version with the ranking.
 */
export function whyThisRank(ranking: IssueRanking, shown: Weights): WhyThisRank[] {
  const { companies } = ranking;
  const n = companies.length;
  const weighted = weigh(ranking, shown);
  const best = Int32Array.from(weighted, (entry) => entry.rank);
  const worst = Int32Array.from(weighted, (entry) => entry.rank);
  const { applicable } = ranking;
  const ranks = companies.map((company) => applicable.map((key) => company[`${key}_rank`]));
  const sums = new Float64Array(n);
  // Mask 0 weighs nothing: every company ties at 1, which says nothing about any of them; it is
  // one of the 2^a all the same, so best is 1 for all unless it is left out. It is left out.
  for (let mask = 1; mask < 1 << applicable.length; mask++) {
    for (let i = 0; i < n; i++) {
      let sum = 0;
      for (let k = 0; k < applicable.length; k++) if (mask & (1 << k)) sum += ranks[i][k];
      sums[i] = sum;
    }
    const at = competitionRanks(sums);
    for (let i = 0; i < n; i++) {
      if (at[i] < best[i]) best[i] = at[i];
      if (at[i] > worst[i]) worst[i] = at[i];
    }
  }
  const weightHundredths = applicableWeightHundredths(shown, applicable);
  return companies.map((company, i) => ({
    upright_cid: company.upright_cid,
    contributions: Object.fromEntries(
      ISSUE_KEYS.map((key, k) => [
        key,
        fromHundredths(company[`${key}_rank`] * weightHundredths[k]),
      ]),
    ) as Record<IssueKey, number>,
    raw: weighted[i].raw,
    rank: weighted[i].rank,
    best: best[i],
    worst: worst[i],
  }));
}
