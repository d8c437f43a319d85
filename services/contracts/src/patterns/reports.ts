import type {
  IndustryReportLink,
  IndustryReportsRequest,
  MajorReportsRequest,
  MajorReportsResponse,
  PublishedReportRequest,
  PublishedReportResponse,
  PublishReportRequest,
  PublishReportResponse,
  Report,
  ReportPage,
  ReportPageRequest,
  ReportRequest,
  ReportSearchDocumentsRequest,
  ReportSourcesRequest,
  ReportSourcesResponse,
} from '../dto';
import type { ReportSearchDocument } from '../queues/search-index';
import type { CallersOf, EffectsOf } from '../services';

export const reportsPatterns = {
  /** `GET /api/reports/featured/{page}` */
  featured: 'reports.reports.featured',
  /** `GET /api/reports/latest/{page}` */
  latest: 'reports.reports.latest',
  /** `GET /api/reports/major/{page}/{list}/{value}/{archived}/{year}/{qrt}/{major}` */
  major: 'reports.reports.major',
  /** `GET /api/report/{id}`; `not_found` for an unknown id. */
  report: 'reports.reports.get',
  /** `GET /api/published/{id}/{date}/{slug}`: the report page's data, or its canonical path. */
  published: 'reports.reports.published',
  /** `GET /api/reports/sources/{companies}` */
  sources: 'reports.sources.list',
  /** `POST /api/reports/pub` (admin): freezes the ranking snapshot; idempotent. */
  publish: 'reports.reports.publish',
  /** The search service rebuilds its `reports` index from these pages. */
  searchDocuments: 'reports.search-documents.list',
  /**
   * The editors' desk preview (decision 0077 §4): an industry's published (frozen) reports,
   * newest first, at most DESK_PREVIEW_REPORTS_MAX.
   */
  ofIndustry: 'reports.reports.of-industry',
} as const;

export const reportsCallers: CallersOf<typeof reportsPatterns> = {
  featured: ['bff'],
  latest: ['bff'],
  major: ['bff'],
  report: ['bff'],
  published: ['bff'],
  sources: ['bff'],
  publish: ['bff'],
  /** Search indexes them; the BFF lists them in /sitemap.xml. */
  searchDocuments: ['search', 'bff'],
  ofIndustry: ['bff'],
};

/** What repeating each pattern does: reads may be retried and re-run (decision 0051). */
export const reportsEffects: EffectsOf<typeof reportsPatterns> = {
  featured: 'read',
  latest: 'read',
  major: 'read',
  report: 'read',
  published: 'read',
  sources: 'read',
  publish: 'write',
  searchDocuments: 'read',
  ofIndustry: 'read',
};

export interface ReportsRequestMap {
  'reports.reports.featured': { request: ReportPageRequest; response: ReportPage };
  'reports.reports.latest': { request: ReportPageRequest; response: ReportPage };
  'reports.reports.major': { request: MajorReportsRequest; response: MajorReportsResponse };
  'reports.reports.get': { request: ReportRequest; response: Report };
  'reports.reports.published': {
    request: PublishedReportRequest;
    response: PublishedReportResponse;
  };
  'reports.sources.list': { request: ReportSourcesRequest; response: ReportSourcesResponse };
  'reports.reports.publish': { request: PublishReportRequest; response: PublishReportResponse };
  'reports.search-documents.list': {
    request: ReportSearchDocumentsRequest;
    response: ReportSearchDocument[];
  };
  'reports.reports.of-industry': {
    request: IndustryReportsRequest;
    response: IndustryReportLink[];
  };
}
