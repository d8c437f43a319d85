import type { CompanyDetail, CompanyRanks, CompanyScores, Industry, Period } from './rankings';

/**
 * docs/product/rules.md#s12 history: ranks at every period with scores, computed by the same ranked
 * sets and engine as today's ranking. Personal ranks are never part of history (it is a public
 * read).
 */

/** A company's ranks of one period, without the personal (null) fields. */
export type HistoricRanks = Omit<CompanyRanks, 'raw_prank' | 'prank' | 'ptied'>;

/** One period of a company's history: its ranks in S of that period, n = |S| and its scores. */
export interface CompanyHistoryPoint {
  period: Period;
  /** n = L of that period's ranked set. */
  n: number;
  ranks: HistoricRanks;
  companies_scores: CompanyScores;
}

/** `GET /api/history/us/{industry}/{company}`, oldest period first. */
export interface CompanyHistoryResponse {
  industry: string;
  upright_cid: string;
  company_name: string;
  slug: string;
  points: CompanyHistoryPoint[];
}

export interface CompanyHistoryRequest {
  industry: string;
  /** The company's slug, as on its page. */
  company: string;
}

/** A company named once per industry history; the periods refer to it by upright_cid. */
export interface HistoryCompany {
  upright_cid: string;
  company_name: string;
  slug: string;
}

/** One company's place in one period (by normalized_rank, then name, like `ranked`). */
export type IndustryHistoryEntry = { upright_cid: string } & HistoricRanks;

export interface IndustryHistoryPeriod {
  period: Period;
  n: number;
  ranked: IndustryHistoryEntry[];
}

/** `GET /api/history/us/{industry}`, oldest period first. */
export interface IndustryHistoryResponse {
  industry: string;
  companies: HistoryCompany[];
  periods: IndustryHistoryPeriod[];
}

export interface IndustryHistoryRequest {
  industry: string;
}

/** docs/product/rules.md#s12 comparison: two to four companies of one industry. */
export const COMPARE_MIN = 2;
export const COMPARE_MAX = 4;

export interface ComparisonRequest {
  industry: string;
  /** Company slugs, in the reader's order, 2–4 of them, no repeats. */
  companies: string[];
}

/** One company of a comparison: its page (ranks, figures and their sources) and its history. */
export interface ComparedCompany {
  detail: CompanyDetail;
  history: CompanyHistoryPoint[];
}

/** `GET /api/compare/us/{industry}?c=…`. */
export interface ComparisonResponse {
  industryResult: Industry;
  companies: ComparedCompany[];
}
