import { Inject, Injectable } from '@nestjs/common';
import type { ReportSource, ReportSearchDocument } from '@upright/contracts';
import { DATABASE } from '@upright/platform';
import type { Prisma, PrismaClient } from '../generated/prisma/client';
import { isoDate, pageWindow, toSearchDocument, type ReportRecord } from './report-view';
import type { Snapshot } from './snapshot';

/** Every column but the copy, plus whether a snapshot exists. */
const SUMMARY_SELECT = {
  reportId: true,
  title: true,
  slug: true,
  publishedDate: true,
  industry: true,
  value: true,
  geography: true,
  count: true,
  primary: true,
  major: true,
  majorRanking: true,
  lowestRank: true,
  archived: true,
  featured: true,
  periodYear: true,
  periodQrt: true,
  snapshot: { select: { reportId: true } },
} satisfies Prisma.ReportSelect;

type SummaryRow = Prisma.ReportGetPayload<{ select: typeof SUMMARY_SELECT }>;

function toRecord({ snapshot, ...row }: SummaryRow): ReportRecord {
  return { ...row, frozen: snapshot !== null };
}

/** Newest first; the id breaks ties so pages never overlap. */
const NEWEST_FIRST: Prisma.ReportOrderByWithRelationInput[] = [
  { publishedDate: 'desc' },
  { reportId: 'desc' },
];

export interface ReportPageRows {
  records: ReportRecord[];
  count: number;
}

@Injectable()
export class ReportsRepository {
  constructor(@Inject(DATABASE) private readonly db: PrismaClient) {}

  async page(where: Prisma.ReportWhereInput, page: number): Promise<ReportPageRows> {
    const [rows, count] = await Promise.all([
      this.db.report.findMany({
        where,
        select: SUMMARY_SELECT,
        orderBy: NEWEST_FIRST,
        ...pageWindow(page),
      }),
      this.db.report.count({ where }),
    ]);
    return { records: rows.map(toRecord), count };
  }

  async newest(where: Prisma.ReportWhereInput): Promise<ReportRecord | null> {
    const row = await this.db.report.findFirst({
      where,
      select: SUMMARY_SELECT,
      orderBy: NEWEST_FIRST,
    });
    return row && toRecord(row);
  }

  async find(reportId: number): Promise<(ReportRecord & { report: string }) | null> {
    const row = await this.db.report.findUnique({
      where: { reportId },
      select: { ...SUMMARY_SELECT, report: true },
    });
    return row && { ...toRecord(row), report: row.report };
  }

  /** The industry's reports whose ranking is frozen (published), newest first. */
  async frozenOfIndustry(
    industry: string,
    limit: number,
  ): Promise<Array<Pick<ReportRecord, 'reportId' | 'title' | 'slug' | 'publishedDate'>>> {
    return this.db.report.findMany({
      where: { industry, snapshot: { isNot: null } },
      select: { reportId: true, title: true, slug: true, publishedDate: true },
      orderBy: NEWEST_FIRST,
      take: limit,
    });
  }

  async snapshot(reportId: number): Promise<Snapshot | null> {
    const row = await this.db.reportSnapshot.findUnique({ where: { reportId } });
    if (row === null) return null;
    return {
      period: { period_year: row.periodYear, period_qrt: row.periodQrt },
      lowestRank: row.lowestRank,
      rankings: row.rankings as unknown as Snapshot['rankings'],
    };
  }

  /**
   * Stores the snapshot unless one exists, and the report's lowest_rank with it, in one
   * transaction. The first publisher wins; the stored snapshot is never replaced.
   */
  async freeze(reportId: number, snapshot: Snapshot, frozenBy: string): Promise<void> {
    await this.db.$transaction(async (tx) => {
      const inserted = await tx.reportSnapshot.createMany({
        data: [
          {
            reportId,
            periodYear: snapshot.period.period_year,
            periodQrt: snapshot.period.period_qrt,
            lowestRank: snapshot.lowestRank,
            rankings: snapshot.rankings as unknown as Prisma.InputJsonValue,
            frozenBy,
          },
        ],
        skipDuplicates: true,
      });
      if (inserted.count === 1) {
        await tx.report.update({
          where: { reportId },
          data: { lowestRank: snapshot.lowestRank, updatedAt: new Date() },
        });
      }
    });
  }

  async sourcesOfReport(reportId: number): Promise<ReportSource[]> {
    const rows = await this.db.reportSource.findMany({
      where: { reportId },
      orderBy: { id: 'asc' },
    });
    return rows.map(toSource);
  }

  async sourcesOfCompanies(companies: string[]): Promise<ReportSource[]> {
    const rows = await this.db.reportSource.findMany({
      where: { uprightCid: { in: companies } },
      orderBy: [{ sourceDate: 'desc' }, { id: 'asc' }],
    });
    return rows.map(toSource);
  }

  async searchDocuments(after: number, limit: number): Promise<ReportSearchDocument[]> {
    const rows = await this.db.report.findMany({
      where: { reportId: { gt: after } },
      select: {
        reportId: true,
        title: true,
        slug: true,
        publishedDate: true,
        industry: true,
        archived: true,
      },
      orderBy: { reportId: 'asc' },
      take: limit,
    });
    return rows.map(toSearchDocument);
  }
}

function toSource(row: {
  reportId: number;
  uprightCid: string | null;
  sourcePublisher: string;
  sourceUrl: string;
  sourceDate: Date;
  title: string;
}): ReportSource {
  return {
    report_id: row.reportId,
    upright_cid: row.uprightCid,
    source_publisher: row.sourcePublisher,
    source_url: row.sourceUrl,
    source_date: isoDate(row.sourceDate),
    title: row.title,
  };
}
