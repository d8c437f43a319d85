/**
 * Pure pieces of the report calls: how a stored row is shown, where a report lives, which rows
 * a page holds. No Nest or Prisma here.
 */
import {
  REPORTS_PAGE_SIZE,
  WebPaths,
  type RankingValue,
  type Report,
  type ReportPathParts,
  type ReportSearchDocument,
  type ReportSummary,
} from '@upright/contracts';

/** The stored columns of a report, as the repository reads them. */
export interface ReportRecord {
  reportId: number;
  title: string;
  slug: string;
  publishedDate: Date;
  industry: string;
  value: string;
  geography: string;
  count: number;
  primary: boolean;
  major: boolean;
  majorRanking: boolean;
  lowestRank: number | null;
  archived: boolean;
  featured: boolean;
  periodYear: number;
  periodQrt: number;
  frozen: boolean;
}

/** A `date` column as YYYY-MM-DD (Prisma reads it as midnight UTC). */
export function isoDate(value: Date): string {
  return value.toISOString().slice(0, 10);
}

export function pathPartsOf(record: Pick<ReportRecord, 'reportId' | 'publishedDate' | 'slug'>) {
  return {
    report_id: record.reportId,
    published_date: isoDate(record.publishedDate),
    slug: record.slug,
  } satisfies ReportPathParts;
}

/**
 * The report page's web path: `/reports/{report_id}/{published_date}/{slug}`
 * (docs/product/spec.md#s2).
 */
export function canonicalPath(parts: ReportPathParts): string {
  return WebPaths.report(String(parts.report_id), parts.published_date, parts.slug);
}

/** Whether a requested `/published/{id}/{date}/{slug}` names the report exactly. */
export function isCanonical(parts: ReportPathParts, date: string, slug: string): boolean {
  return parts.published_date === date && parts.slug === slug;
}

export function toSummary(record: ReportRecord): ReportSummary {
  const parts = pathPartsOf(record);
  return {
    report_id: record.reportId,
    title: record.title,
    slug: record.slug,
    published_date: parts.published_date,
    industry: record.industry,
    value: record.value as RankingValue,
    geography: record.geography,
    count: record.count,
    primary: record.primary,
    major: record.major,
    major_ranking: record.majorRanking,
    lowest_rank: record.lowestRank,
    archived: record.archived,
    featured: record.featured,
    period_year: record.periodYear,
    period_qrt: record.periodQrt,
    frozen: record.frozen,
    path: canonicalPath(parts),
  };
}

export function toReport(record: ReportRecord & { report: string }): Report {
  return { ...toSummary(record), report: record.report };
}

export function toSearchDocument(
  record: Pick<
    ReportRecord,
    'reportId' | 'title' | 'slug' | 'publishedDate' | 'industry' | 'archived'
  >,
): ReportSearchDocument {
  return {
    id: String(record.reportId),
    title: record.title,
    slug: record.slug,
    published_date: isoDate(record.publishedDate),
    industry: record.industry,
    archived: record.archived,
  };
}

/** Rows to skip and take for a 1-based page. */
export function pageWindow(page: number, pageSize = REPORTS_PAGE_SIZE) {
  return { skip: (page - 1) * pageSize, take: pageSize };
}
