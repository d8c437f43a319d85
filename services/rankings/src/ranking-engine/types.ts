import type { IssueKey, WeightedRank, Weights } from '@upright/contracts';

export type { WeightedRank, Weights };

/** One company of the ranked set S (docs/product/rules.md#s5), as the engine needs it. */
export interface RankableCompany {
  readonly upright_cid: string;
  readonly company_name: string;
  /** Only the exact value `'Public'` counts as public (docs/product/rules.md#s5 rule 4). */
  readonly structure: string | null;
  readonly alt_reporting: boolean;
  readonly self_reporting: boolean;
  /** Lower is better; `null` = missing. NaN is rejected with a RangeError. */
  readonly scores: Readonly<Record<IssueKey, number | null>>;
}

/**
 * Issue weights: averages (2 decimals, e.g. 5.33) or a member's values (integers 0–10).
 * Each weight must be finite and ≥ 0; it is taken in exact integer hundredths (see `toHundredths`).
 */

export type IssueRankField = `${IssueKey}_rank`;
export type IssueTiedField = `${IssueKey}_tied`;

/** `<key>_rank` and `<key>_tied` for the nine issues. */
export type IssueRankFields = { readonly [F in IssueRankField]: number } & {
  readonly [F in IssueTiedField]: boolean;
};

/**
 * Stage-1 result for one company: per-issue ranks and the unweighted combination
 * (docs/product/rules.md#s5 rules 1–5).
 */
export interface IssueRankedCompany extends IssueRankFields {
  readonly upright_cid: string;
  readonly company_name: string;
  /** Σ of the ranks of the industry's applicable issues (rule 5). */
  readonly raw_rank: number;
  /** Competition rank of raw_rank, ascending. */
  readonly normalized_rank: number;
  /** Another company shares normalized_rank. */
  readonly tied: boolean;
}

/**
 * Stage-1 result for one ranked set (one industry at one period). Plain JSON data (no Map, no
 * class), so it can be cached anywhere and survives a JSON round trip unchanged.
 */
export interface IssueRanking {
  /** L = n = |S| (stored by published reports as `lowestRank`). */
  readonly lowestRank: number;
  /**
   * The industry's applicable issues (applicableIssues of its `industry_values`): the only ones
   * raw_rank and every weighted sum of this set add up (rule 5). All nine are still ranked.
   */
  readonly applicable: readonly IssueKey[];
  /** One entry per input company, in input order (entry i is input company i). */
  readonly companies: readonly IssueRankedCompany[];
  /**
   * Indices into `companies` ordered by company_name (English collation, so "eBay" sorts beside
   * "Exxon"), then by upright_cid (code units). Computed once here so that every later list can
   * be ordered "by rank, then name" without comparing names again; the order is total, so it never
   * depends on the input order.
   */
  readonly nameOrder: readonly number[];
}

/** Index-aligned with `IssueRanking.companies` (entry i belongs to company i). */
export type WeightedRanks = readonly WeightedRank[];

/** Weighted by the averages (docs/product/rules.md#s5 rule 6). */
export interface AverageRankFields {
  readonly raw_arank: number;
  readonly arank: number;
  readonly atied: boolean;
}

/** Weighted by the member's values (docs/product/rules.md#s5 rule 7); all null for visitors. */
export interface PersonalRankFields {
  readonly raw_prank: number | null;
  readonly prank: number | null;
  readonly ptied: boolean | null;
}

/** Every derived ranking field of one company; the caller adds the company's own fields. */
export interface RankedCompany extends IssueRankedCompany, AverageRankFields, PersonalRankFields {}

/**
 * The API shape of docs/product/rules.md#s5 rule 9 / #s6. The three lists hold the same objects,
 * each sorted differently.
 */
export interface IndustryRanking {
  /** By normalized_rank, then company_name. */
  readonly ranked: readonly RankedCompany[];
  /** By arank, then company_name. */
  readonly aranked: readonly RankedCompany[];
  /** By prank, then company_name; null for visitors. */
  readonly pranked: readonly RankedCompany[] | null;
  /** S is empty. */
  readonly none: boolean;
}
