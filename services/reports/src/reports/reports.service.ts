import { Inject, Injectable, Logger } from '@nestjs/common';
import { RpcException } from '@nestjs/microservices';
import {
  applicableIssues,
  DESK_PREVIEW_REPORTS_MAX,
  isRemoteErrorPayload,
  ISSUE_KEYS,
  Patterns,
  type IndustryReportLink,
  type IssueKey,
  type MajorReportsRequest,
  type MajorReportsResponse,
  type PublishedReportRequest,
  type PublishedReportResponse,
  type PublishReportRequest,
  type PublishReportResponse,
  type Report,
  type ReportPage,
  type ReportRankings,
  type ReportSearchDocument,
  type ReportSearchDocumentsRequest,
  type ReportSourcesResponse,
  REPORTS_PAGE_SIZE,
} from '@upright/contracts';
import { PublicData, remoteError, ServiceClient } from '@upright/platform';
import type { Prisma } from '../generated/prisma/client';
import { ReportSearchIndex } from '../search-index/search-index.queue';
import {
  canonicalPath,
  isCanonical,
  pathPartsOf,
  toReport,
  toSearchDocument,
  toSummary,
  type ReportRecord,
} from './report-view';
import { ReportsRepository, type ReportPageRows } from './reports.repository';
import { buildSnapshot, frozenRankings, liveRankings, rankingRequestOf } from './snapshot';

function pageOf(rows: ReportPageRows, page: number): ReportPage {
  return {
    items: rows.records.map(toSummary),
    count: rows.count,
    page,
    pageSize: REPORTS_PAGE_SIZE,
  };
}

function notFound(reportId: number): RpcException {
  return remoteError('not_found', `Unknown report ${reportId}`, 'report_id');
}

@Injectable()
export class ReportsService {
  private readonly logger = new Logger(ReportsService.name);

  constructor(
    private readonly repository: ReportsRepository,
    private readonly services: ServiceClient,
    @Inject(ReportSearchIndex) private readonly searchIndex: ReportSearchIndex,
    private readonly publicData: PublicData,
  ) {}

  async featured(page: number): Promise<ReportPage> {
    return pageOf(await this.repository.page({ featured: true, archived: false }, page), page);
  }

  async latest(page: number): Promise<ReportPage> {
    return pageOf(await this.repository.page({ archived: false }, page), page);
  }

  async major(request: MajorReportsRequest): Promise<MajorReportsResponse> {
    const quarter: Prisma.ReportWhereInput = {
      archived: request.archived,
      periodYear: request.year,
      periodQrt: request.qrt,
      ...(request.list === 'all' ? {} : { industry: request.list }),
    };
    const [rows, major] = await Promise.all([
      this.repository.page(
        {
          ...quarter,
          major: request.major,
          ...(request.value === 'all' ? {} : { value: request.value }),
        },
        request.page,
      ),
      this.repository.newest({ ...quarter, majorRanking: true }),
    ]);
    return { ...pageOf(rows, request.page), major: major && toSummary(major) };
  }

  async report(reportId: number): Promise<Report> {
    const record = await this.repository.find(reportId);
    if (record === null) throw notFound(reportId);
    return toReport(record);
  }

  /**
   * docs/product/spec.md#s4, published report: a major report comes with its major items; the
   * ranking is the frozen snapshot, else generated now from rankings. A wrong date or slug answers
   * where the report lives, so old links keep working.
   */
  async published(request: PublishedReportRequest): Promise<PublishedReportResponse> {
    const record = await this.repository.find(request.report_id);
    if (record === null) throw notFound(request.report_id);
    const parts = pathPartsOf(record);
    if (!isCanonical(parts, request.date, request.slug)) return { found: false, canonical: parts };
    const [rankings, majorItems, sources] = await Promise.all([
      this.rankingsOf(record),
      record.major ? this.majorItemsOf(record) : Promise.resolve(null),
      this.repository.sourcesOfReport(record.reportId),
    ]);
    return {
      found: true,
      published: {
        report: toReport(record),
        canonical: canonicalPath(parts),
        rankings,
        majorItems,
        sources,
      },
    };
  }

  /**
   * The editors' desk preview (decision 0077 §4): the industry's published reports. Their frozen
   * figures do not follow a new data set (decision 0005), so the editors see which ones exist.
   */
  async ofIndustry(industry: string): Promise<IndustryReportLink[]> {
    const records = await this.repository.frozenOfIndustry(industry, DESK_PREVIEW_REPORTS_MAX);
    return records.map((record) => {
      const parts = pathPartsOf(record);
      return {
        report_id: record.reportId,
        title: record.title,
        path: canonicalPath(parts),
        published_date: parts.published_date,
      };
    });
  }

  async sources(companies: string[]): Promise<ReportSourcesResponse> {
    return { sources: await this.repository.sourcesOfCompanies([...new Set(companies)]) };
  }

  /**
   * docs/product/rules.md#s6: freezes the report's ranking once. Publishing again answers the
   * stored snapshot unchanged, whatever the data says now.
   */
  async publish(request: PublishReportRequest): Promise<PublishReportResponse> {
    const record = await this.repository.find(request.report_id);
    if (record === null) throw notFound(request.report_id);
    let snapshot = await this.repository.snapshot(record.reportId);
    if (snapshot === null) {
      const answer = await this.services.request(
        Patterns.rankings.topCompanies,
        rankingRequestOf(record),
      );
      await this.repository.freeze(record.reportId, buildSnapshot(answer), request.publishedBy);
      // Read back: a concurrent publish may have frozen first, and its snapshot is the one kept.
      snapshot = await this.repository.snapshot(record.reportId);
      if (snapshot === null) throw new Error(`snapshot of report ${record.reportId} not stored`);
      this.logger.log(`report ${record.reportId} published by ${request.publishedBy}`);
    }
    const frozen = await this.repository.find(record.reportId);
    const info = toReport(frozen ?? record);
    await this.searchIndex.upsert([toSearchDocument(frozen ?? record)]);
    // Every publish, a repeated one too: a first one whose announcement failed is then healed.
    await this.publicData.changed('data');
    return {
      info,
      normalized: snapshot.rankings,
      lowestRank: snapshot.lowestRank,
      slug: info.slug,
    };
  }

  searchDocuments(request: ReportSearchDocumentsRequest): Promise<ReportSearchDocument[]> {
    return this.repository.searchDocuments(Number(request.after ?? 0), request.limit);
  }

  private majorItemsOf(record: ReportRecord): Promise<MajorReportsResponse> {
    return this.major({
      page: 1,
      list: record.industry,
      value: 'all',
      archived: record.archived,
      year: record.periodYear,
      qrt: record.periodQrt,
      major: false,
    });
  }

  /** The issues of the report's industry; all of them when it is no longer active. */
  private async applicableIssues(industry: string): Promise<IssueKey[]> {
    try {
      const found = await this.services.request(Patterns.rankings.industry, { industry });
      return applicableIssues(found.industry_values);
    } catch (error) {
      if (isRemoteErrorPayload(error) && error.code === 'not_found') return [...ISSUE_KEYS];
      throw error;
    }
  }

  /** The frozen snapshot; otherwise generated now; null when rankings knows no such ranking. */
  private async rankingsOf(record: ReportRecord): Promise<ReportRankings | null> {
    const snapshot = record.frozen ? await this.repository.snapshot(record.reportId) : null;
    if (snapshot) return frozenRankings(snapshot, await this.applicableIssues(record.industry));
    try {
      return liveRankings(
        await this.services.request(Patterns.rankings.topCompanies, rankingRequestOf(record)),
      );
    } catch (error) {
      // Any other failure (rankings' own, or rankings away) reaches the caller through the
      // service module's RemoteFailureFilter.
      if (isRemoteErrorPayload(error) && error.code === 'not_found') return null;
      throw error;
    }
  }
}
