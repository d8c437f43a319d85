import type { IssueKey } from '../issues';
import type { Period, RankingValue, TopCompany } from './rankings';

/** Reports per page of every report list (featured, latest, major). */
export const REPORTS_PAGE_SIZE = 10;
/** Highest page number accepted; anything beyond the data is an empty page, not an error. */
export const REPORTS_PAGE_MAX = 10_000;
/** Most company ids one `GET /api/reports/sources/{companies}` may ask for. */
export const REPORT_SOURCES_COMPANIES_MAX = 100;
/** Largest page of `reports.search-documents.list`. */
export const REPORT_SEARCH_DOCUMENTS_LIMIT_MAX = 1000;

/** docs/product/spec.md#s3 Report (its copy, `report`, only where one report is read). */
export interface ReportSummary {
  report_id: number;
  title: string;
  slug: string;
  /** YYYY-MM-DD */
  published_date: string;
  industry: string;
  /** The issue ranked, or `overall`. */
  value: RankingValue;
  geography: string;
  /** How many companies the report ranks. */
  count: number;
  /** true: only companies whose primary industry is the report's. */
  primary: boolean;
  major: boolean;
  major_ranking: boolean;
  /** L of docs/product/rules.md#s5 at publication; null until the report is published (frozen). */
  lowest_rank: number | null;
  archived: boolean;
  featured: boolean;
  period_year: number;
  period_qrt: number;
  /** true once `POST /api/reports/pub` froze its ranking. */
  frozen: boolean;
  /** The web path of the report page (`WebPaths.report`). */
  path: string;
}

/** One report with its copy (markdown). */
export interface Report extends ReportSummary {
  report: string;
}

export interface ReportSource {
  report_id: number;
  /** The company the source is about; null for a source about the whole report. */
  upright_cid: string | null;
  source_publisher: string;
  source_url: string;
  /** YYYY-MM-DD */
  source_date: string;
  title: string;
}

/**
 * A page of a report list (docs/product/spec.md#s7: items and count). `count` counts every page.
 */
export interface ReportPage {
  items: ReportSummary[];
  count: number;
  page: number;
  pageSize: number;
}

export interface ReportPageRequest {
  /** 1-based. */
  page: number;
}

/** `/api/reports/major/…`: `all` selects every industry or every value. */
export interface MajorReportsRequest extends ReportPageRequest {
  /** An industry slug or `all`. */
  list: string;
  value: RankingValue | 'all';
  archived: boolean;
  year: number;
  qrt: number;
  major: boolean;
}

/**
 * docs/product/spec.md#s7 `major, items, count`: `major` is the newest major ranking
 * (`major_ranking`) of the selected industry (any industry for `all`) and quarter, null when there
 * is none.
 */
export interface MajorReportsResponse extends ReportPage {
  major: ReportSummary | null;
}

export interface ReportRequest {
  report_id: number;
}

/** The ranking a report shows. */
export interface ReportRankings {
  rankings: TopCompany[];
  lowestRank: number;
  period: Period;
  /** true: the snapshot frozen at publication; false: generated now from current data. */
  frozen: boolean;
  /** The issues of the report's industry now (decision 0054): the only columns shown. */
  applicable_issues: IssueKey[];
}

/** `GET /api/published/{id}/{date}/{slug}`. */
export interface PublishedReport {
  report: Report;
  /** The report's web path; the one place its links should point to. */
  canonical: string;
  /**
   * docs/product/spec.md#s4: the frozen snapshot; when the report was never frozen, generated from
   * rankings; null when rankings has no such ranking (e.g. the industry is no longer listed).
   */
  rankings: ReportRankings | null;
  /** For a major report, the major items: the other reports of its industry and quarter. */
  majorItems: MajorReportsResponse | null;
  sources: ReportSource[];
}

export interface PublishedReportRequest {
  report_id: number;
  date: string;
  slug: string;
}

/** A wrong date or slug for a real report: where the report lives now. */
export type PublishedReportResponse =
  { found: true; published: PublishedReport } | { found: false; canonical: ReportPathParts };

export interface ReportPathParts {
  report_id: number;
  published_date: string;
  slug: string;
}

export interface ReportSourcesRequest {
  /** upright_cids */
  companies: string[];
}

export interface ReportSourcesResponse {
  sources: ReportSource[];
}

export interface PublishReportRequest {
  report_id: number;
  /** uid of the admin publishing, for the log. */
  publishedBy: string;
}

/**
 * docs/product/rules.md#s6 `{ info, normalized, lowestRank, slug }`; `normalized` is the frozen
 * ranking.
 */
export interface PublishReportResponse {
  info: Report;
  normalized: TopCompany[];
  lowestRank: number;
  slug: string;
}

export interface ReportSearchDocumentsRequest {
  /** The last id of the previous page (ids ascend numerically). */
  after?: string;
  limit: number;
}
