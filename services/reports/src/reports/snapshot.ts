/**
 * Frozen ranking snapshots (docs/product/rules.md#s6): what a report shows once published. Pure.
 */
import {
  TOP_COUNT_MAX,
  type IssueKey,
  type Period,
  type RankingValue,
  type ReportRankings,
  type TopCompaniesRequest,
  type TopCompaniesResponse,
  type TopCompany,
} from '@upright/contracts';

/** The columns of a report that decide its ranking. */
export interface RankingFilters {
  industry: string;
  primary: boolean;
  value: string;
  majorRanking: boolean;
  count: number;
  periodYear: number;
  periodQrt: number;
}

export interface Snapshot {
  period: Period;
  lowestRank: number;
  rankings: TopCompany[];
}

/**
 * The rankings request that generates a report's ranking: its industry and quarter, primary
 * filter, issue (normalized_rank for a major ranking) and count. Rankings ranks at most
 * TOP_COUNT_MAX companies, so a larger count shows that many.
 */
export function rankingRequestOf(report: RankingFilters): TopCompaniesRequest {
  return {
    industry: report.industry,
    primaryOnly: report.primary,
    value: report.value as RankingValue,
    major: report.majorRanking,
    count: Math.min(report.count, TOP_COUNT_MAX),
    period: { period_year: report.periodYear, period_qrt: report.periodQrt },
  };
}

/** The snapshot to store: exactly what rankings answered for the report's own period. */
export function buildSnapshot(answer: TopCompaniesResponse): Snapshot {
  return { period: answer.period, lowestRank: answer.lowestRank, rankings: answer.rankings };
}

/**
 * The frozen snapshot as a report shows it. Which issues apply is a fact about the industry, not
 * part of the ranking, so it is read now (`applicable`; decision 0054).
 */
export function frozenRankings(snapshot: Snapshot, applicable: IssueKey[]): ReportRankings {
  return { ...snapshot, frozen: true, applicable_issues: applicable };
}

export function liveRankings(answer: TopCompaniesResponse): ReportRankings {
  return { ...buildSnapshot(answer), frozen: false, applicable_issues: answer.applicable_issues };
}
