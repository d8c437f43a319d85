import { ISSUE_KEYS, type IssueKey } from './issues';
import { competitionRanks, sharedRankFlags } from './competition-rank';
import { fromHundredths, toHundredths } from './hundredths';

/** Weights by issue key: members' averages (2 decimals) or a member's values (0–10). */
export type Weights = Readonly<Record<IssueKey, number>>;

/**
 * What weighing reads of a company: its id and its nine issue ranks (docs/product/rules.md#s5 rule
 * 1).
 */
export type IssueRanksOf = { readonly upright_cid: string } & {
  readonly [K in IssueKey as `${K}_rank`]: number;
};

/** The weighted result for one company. */
export interface WeightedRank {
  readonly upright_cid: string;
  /** Σ rank × weight, exact, at most 2 decimals (e.g. 41.5). */
  readonly raw: number;
  /** Competition rank of raw, ascending. */
  readonly rank: number;
  /** Another company shares rank. */
  readonly tied: boolean;
}

const RANK_FIELDS = ISSUE_KEYS.map((key) => `${key}_rank` as const);

/**
 * docs/product/rules.md#s5 rules 5–8, the one implementation the rankings engine, the BFF (members'
 * personal ranks) and the browser (the priorities preview) share: raw = Σ issue rank × weight over
 * the `applicable` issues (the industry's, see applicableIssues; an issue a page says does not
 * apply moves no rank), computed exactly in integer hundredths, then the competition rank of raw
 * and its tied flag. Companies are compared on the integer sums, never on floats, so weights 0.1
 * and 0.2 on equal ranks weigh exactly what 0.3 does. The result is index-aligned with
 * `companies`; `lowestRank` (n) bounds every rank.
 *
 * @throws RangeError when a weight is missing, not finite or negative, or when the sums could
 * exceed the safe-integer range.
 */
export function weighIssueRanks(
  companies: readonly IssueRanksOf[],
  weights: Weights,
  lowestRank: number,
  applicable: readonly IssueKey[],
): WeightedRank[] {
  const { rawHundredths, ranks } = weighRankMatrix(
    issueRankMatrix(companies),
    weights,
    lowestRank,
    applicable,
  );
  const tied = sharedRankFlags(ranks);
  return companies.map((company, i) => ({
    upright_cid: company.upright_cid,
    raw: fromHundredths(rawHundredths[i]),
    rank: ranks[i],
    tied: tied[i],
  }));
}

/** The issues' rank columns, company by company: company i's rank on issue k at `i × 9 + k`. */
export function issueRankMatrix(companies: readonly IssueRanksOf[]): Float64Array {
  const matrix = new Float64Array(companies.length * RANK_FIELDS.length);
  companies.forEach((company, i) => {
    for (let k = 0; k < RANK_FIELDS.length; k++) {
      matrix[i * RANK_FIELDS.length + k] = company[RANK_FIELDS[k]];
    }
  });
  return matrix;
}

/**
 * weighIssueRanks on an issueRankMatrix, without an object per company: what a caller weighing
 * one set with many weight sets keeps (the BFF, per member). Index-aligned with the matrix rows.
 *
 * @throws RangeError as weighIssueRanks.
 */
export function weighRankMatrix(
  matrix: Float64Array,
  weights: Weights,
  lowestRank: number,
  applicable: readonly IssueKey[],
): { rawHundredths: Float64Array; ranks: Int32Array } {
  const weightHundredths = applicableWeightHundredths(weights, applicable);
  assertSumsAreSafe(weightHundredths, lowestRank);
  const issues = weightHundredths.length;
  const rawHundredths = new Float64Array(matrix.length / issues);
  for (let i = 0; i < rawHundredths.length; i++) {
    let sum = 0;
    for (let k = 0; k < issues; k++) sum += matrix[i * issues + k] * weightHundredths[k];
    rawHundredths[i] = sum;
  }
  return { rawHundredths, ranks: competitionRanks(rawHundredths) };
}

/**
 * Each issue's weight in integer hundredths, 0 for an issue that does not apply: its rank then
 * adds nothing to any sum, exactly as if the sum left it out (rules §5 rule 5). Every weight is
 * checked all the same, so a bad weight set fails in every industry alike.
 */
export function applicableWeightHundredths(
  weights: Weights,
  applicable: readonly IssueKey[],
): number[] {
  const applies = new Set(applicable);
  return ISSUE_KEYS.map((key) => {
    const hundredths = weightInHundredths(weights, key);
    return applies.has(key) ? hundredths : 0;
  });
}

function weightInHundredths(weights: Weights, key: IssueKey): number {
  const weight = weights[key];
  if (typeof weight !== 'number' || !(weight >= 0) || !Number.isFinite(weight)) {
    throw new RangeError(`weight for ${key} must be a finite number ≥ 0, got ${String(weight)}`);
  }
  return toHundredths(weight);
}

/** Every rank is ≤ lowestRank, so this bounds every partial and final sum. */
function assertSumsAreSafe(weightHundredths: readonly number[], lowestRank: number): void {
  const bound = weightHundredths.reduce((total, weight) => total + weight, 0) * lowestRank;
  if (!(bound <= Number.MAX_SAFE_INTEGER)) {
    throw new RangeError('weights too large for exact integer arithmetic');
  }
}
