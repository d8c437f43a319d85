import { ISSUE_KEYS, type IssueKey } from '../issues';
import {
  applicableWeightHundredths,
  fromHundredths,
  orderByName,
  weighIssueRanks,
  type Weights,
} from '@upright/ranking-rules';
import type { PersonallyRankable } from './personal';

/**
 * Whose weights rank a page (rules §16): a member's own, or the visitors' — named "equal weights"
 * when every issue weighs the same (as below the members' minimum, rules §4), which ranks exactly
 * as the unweighted sum does, and "members' average priorities" otherwise.
 */
export type WeightsBasis = 'personal' | 'equal' | 'members';

/** The words every page uses for the weights of a ranking (rules §16). */
export const WEIGHTS_LABEL: Readonly<Record<WeightsBasis, string>> = {
  personal: 'your priorities',
  equal: 'equal weights',
  members: "members' average priorities",
};

export function weightsBasis(weights: Weights, personal: boolean): WeightsBasis {
  if (personal) return 'personal';
  const first = weights[ISSUE_KEYS[0]];
  return ISSUE_KEYS.every((key) => weights[key] === first) ? 'equal' : 'members';
}

/** One applicable issue's part of a company's weighted sum, in weighted points (rank × weight). */
export interface IssueBar {
  issue: IssueKey;
  rank: number;
  weight: number;
  points: number;
  /** Points − the points of the company ranked #1 on this issue's term (> 0: behind it). */
  gap_to_first: number;
  /** Points − the industry's median points on this issue. */
  gap_to_median: number;
}

/** "Why this rank" for one company under one set of weights. */
export interface RankExplanation {
  upright_cid: string;
  rank: number;
  tied: boolean;
  /** n: every rank lies in 1..n. */
  lowestRank: number;
  /** The company's weighted sum (lower is better). */
  raw: number;
  /** The company ranked #1 (first by name among ties) and its weighted sum. */
  first: { upright_cid: string; company_name: string; raw: number };
  /** The industry's median weighted sum. */
  median_raw: number;
  gap_to_first: number;
  gap_to_median: number;
  /** Applicable issues only, in issue-table order; their points add up to `raw`. */
  bars: IssueBar[];
  /**
   * The fewest issues (at most three) whose gaps to #1 make at least half of the points the
   * company is behind on; empty for #1.
   */
  main_gap_issues: IssueKey[];
}

const MAIN_GAP_ISSUES_MAX = 3;

/** The median of integers, in hundredths when they are hundredths. */
function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/**
 * Explains the weighted rank of `uprightCid` among `companies` (one ranked set with its issue
 * ranks) under `weights`, on the `applicable` issues, the only ones the sums are made of (rules
 * §5 rule 5). Points are computed in exact hundredths as rule 8 does, so the bars add up to the
 * sum the rank comes from. Returns null when the company is not in the set.
 */
export function explainRank(
  companies: readonly PersonallyRankable[],
  weights: Weights,
  applicable: readonly IssueKey[],
  uprightCid: string,
): RankExplanation | null {
  const index = companies.findIndex((company) => company.upright_cid === uprightCid);
  if (index < 0) return null;
  const n = companies.length;
  const ranked = weighIssueRanks(companies, weights, n, applicable);
  const weightHundredths = applicableWeightHundredths(weights, applicable);
  // points[i][k] = company i's rank on issue k × weight k, in hundredths (0 where k does not apply)
  const points = companies.map((company) =>
    ISSUE_KEYS.map((key, k) => company[`${key}_rank`] * weightHundredths[k]),
  );
  const rawHundredths = points.map((row) => row.reduce((sum, value) => sum + value, 0));
  const firstIndex = orderByName(companies).find((i) => ranked[i].rank === 1)!;
  const applies = new Set(applicable);
  const bars: IssueBar[] = [];
  ISSUE_KEYS.forEach((key, k) => {
    if (!applies.has(key)) return;
    const own = points[index][k];
    bars.push({
      issue: key,
      rank: companies[index][`${key}_rank`],
      weight: weights[key],
      points: fromHundredths(own),
      gap_to_first: fromHundredths(own - points[firstIndex][k]),
      gap_to_median: (own - median(points.map((row) => row[k]))) / 100,
    });
  });
  return {
    upright_cid: uprightCid,
    rank: ranked[index].rank,
    tied: ranked[index].tied,
    lowestRank: n,
    raw: fromHundredths(rawHundredths[index]),
    first: {
      upright_cid: companies[firstIndex].upright_cid,
      company_name: companies[firstIndex].company_name,
      raw: fromHundredths(rawHundredths[firstIndex]),
    },
    median_raw: median(rawHundredths) / 100,
    gap_to_first: fromHundredths(rawHundredths[index] - rawHundredths[firstIndex]),
    gap_to_median: (rawHundredths[index] - median(rawHundredths)) / 100,
    bars,
    main_gap_issues: mainGapIssues(bars),
  };
}

/** The largest positive gaps to #1 until they make half of all the points behind (at most 3). */
function mainGapIssues(bars: readonly IssueBar[]): IssueKey[] {
  const behind = bars
    .filter((bar) => bar.gap_to_first > 0)
    .sort((a, b) => b.gap_to_first - a.gap_to_first);
  const total = behind.reduce((sum, bar) => sum + bar.gap_to_first, 0);
  const main: IssueKey[] = [];
  let covered = 0;
  for (const bar of behind) {
    if (main.length === MAIN_GAP_ISSUES_MAX || covered * 2 >= total) break;
    main.push(bar.issue);
    covered += bar.gap_to_first;
  }
  return main;
}
