import { ISSUE_KEYS } from '@upright/contracts';
import { competitionRanks, sharedRankFlags } from './competition-rank';
import { fromHundredths, toHundredths } from './hundredths';
import { RANK_FIELDS } from './issue-fields';
import type { IssueRankedCompany, IssueRanking, WeightedRanks, Weights } from './types';

/**
 * Stage 2 (decisions §5 rules 6–8): raw = Σ issue rank × weight, computed exactly in integer
 * hundredths, then the competition rank of raw and its tied flag. Companies are compared on the
 * integer sums, never on floats, so weights 0.1 and 0.2 on equal ranks weigh exactly what 0.3 does.
 * The result is index-aligned with `ranking.companies`.
 *
 * @throws RangeError when a weight is missing, not finite or negative, or when the sums could
 * exceed the safe-integer range.
 */
export function weigh(ranking: IssueRanking, weights: Weights): WeightedRanks {
  const weightHundredths = ISSUE_KEYS.map((key) => weightInHundredths(weights, key));
  assertSumsAreSafe(weightHundredths, ranking.lowestRank);
  const rawHundredths = new Float64Array(ranking.companies.length);
  ranking.companies.forEach((company, i) => {
    rawHundredths[i] = weightedSumInHundredths(company, weightHundredths);
  });
  const ranks = competitionRanks(rawHundredths);
  const tied = sharedRankFlags(ranks);
  return ranking.companies.map((company, i) => ({
    upright_cid: company.upright_cid,
    raw: fromHundredths(rawHundredths[i]),
    rank: ranks[i],
    tied: tied[i],
  }));
}

function weightInHundredths(weights: Weights, key: (typeof ISSUE_KEYS)[number]): number {
  const weight = weights[key];
  if (typeof weight !== 'number' || !(weight >= 0) || !Number.isFinite(weight)) {
    throw new RangeError(`weight for ${key} must be a finite number ≥ 0, got ${String(weight)}`);
  }
  return toHundredths(weight);
}

/** Σ rank × weight in hundredths; RANK_FIELDS follows ISSUE_KEYS, as weightHundredths does. */
function weightedSumInHundredths(
  company: IssueRankedCompany,
  weightHundredths: readonly number[],
): number {
  let sum = 0;
  for (let k = 0; k < RANK_FIELDS.length; k++) sum += company[RANK_FIELDS[k]] * weightHundredths[k];
  return sum;
}

/** Every rank is ≤ lowestRank, so this bounds every partial and final sum. */
function assertSumsAreSafe(weightHundredths: readonly number[], lowestRank: number): void {
  const bound = weightHundredths.reduce((total, weight) => total + weight, 0) * lowestRank;
  if (!(bound <= Number.MAX_SAFE_INTEGER)) {
    throw new RangeError('weights too large for exact integer arithmetic');
  }
}
