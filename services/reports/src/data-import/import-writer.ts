import type { PrismaClient } from '../generated/prisma/client';
import { isoDate } from '../reports/report-view';
import {
  changesIn,
  planImport,
  sourceKey,
  type ImportPlan,
  type StoredReport,
  type StoredSource,
} from './import-plan';
import {
  FROZEN_FIELDS,
  type FrozenFields,
  type ReportRow,
  type ReportSections,
  type ReportSourceRow,
  type StoredReports,
} from './validate-reports';

const TRANSACTION_TIMEOUT_MS = 5 * 60_000;

export interface StoredState {
  reports: Map<number, StoredReport>;
  sources: Map<string, StoredSource>;
  constraints: StoredReports;
}

/** What is stored, in the file's terms, and what it allows a file to do. */
export async function loadStored(db: PrismaClient): Promise<StoredState> {
  const [reportRows, sourceRows] = await Promise.all([
    db.report.findMany({ include: { snapshot: { select: { reportId: true } } } }),
    db.reportSource.findMany(),
  ]);
  const reports = new Map<number, StoredReport>();
  const frozen = new Map<number, FrozenFields>();
  for (const row of reportRows) {
    const report: StoredReport = {
      report_id: row.reportId,
      title: row.title,
      slug: row.slug,
      published_date: isoDate(row.publishedDate),
      industry: row.industry,
      value: row.value as StoredReport['value'],
      geography: row.geography as StoredReport['geography'],
      count: row.count,
      primary: row.primary,
      major: row.major,
      major_ranking: row.majorRanking,
      archived: row.archived,
      featured: row.featured,
      period_year: row.periodYear,
      period_qrt: row.periodQrt,
      report: row.report,
    };
    reports.set(report.report_id, report);
    if (row.snapshot) {
      frozen.set(
        report.report_id,
        Object.fromEntries(FROZEN_FIELDS.map((field) => [field, report[field]])) as FrozenFields,
      );
    }
  }
  const sources = new Map<string, StoredSource>();
  for (const row of sourceRows) {
    const source: StoredSource = {
      report_id: row.reportId,
      ...(row.uprightCid === null ? {} : { upright_cid: row.uprightCid }),
      source_publisher: row.sourcePublisher,
      source_url: row.sourceUrl,
      source_date: isoDate(row.sourceDate),
      title: row.title,
    };
    sources.set(sourceKey(source), source);
  }
  return { reports, sources, constraints: { known: new Set(reports.keys()), frozen } };
}

const asDate = (value: string) => new Date(`${value}T00:00:00Z`);

function reportData(row: ReportRow) {
  return {
    title: row.title,
    slug: row.slug,
    publishedDate: asDate(row.published_date),
    industry: row.industry,
    value: row.value,
    geography: row.geography,
    count: row.count,
    primary: row.primary,
    major: row.major,
    majorRanking: row.major_ranking,
    archived: row.archived,
    featured: row.featured,
    periodYear: row.period_year,
    periodQrt: row.period_qrt,
    report: row.report,
  };
}

function sourceData(row: ReportSourceRow) {
  return {
    reportId: row.report_id,
    uprightCid: row.upright_cid ?? null,
    sourcePublisher: row.source_publisher,
    sourceUrl: row.source_url,
    sourceDate: asDate(row.source_date),
    title: row.title,
  };
}

/**
 * Writes what differs in one transaction (all or nothing). Rows not in the file stay: a file
 * may add to what is stored.
 */
export async function writeImport(
  db: PrismaClient,
  sections: ReportSections,
  stored: StoredState,
): Promise<ImportPlan> {
  const plan = planImport(sections, stored.reports, stored.sources);
  if (changesIn(plan) === 0) return plan;
  await db.$transaction(
    async (tx) => {
      if (plan.insertReports.length > 0) {
        await tx.report.createMany({
          data: plan.insertReports.map((row) => ({ reportId: row.report_id, ...reportData(row) })),
        });
      }
      for (const row of plan.updateReports) {
        await tx.report.update({
          where: { reportId: row.report_id },
          data: { ...reportData(row), updatedAt: new Date() },
        });
      }
      if (plan.insertSources.length > 0) {
        await tx.reportSource.createMany({ data: plan.insertSources.map(sourceData) });
      }
      for (const row of plan.updateSources) {
        const data = sourceData(row);
        await tx.reportSource.updateMany({
          where: {
            reportId: data.reportId,
            uprightCid: data.uprightCid,
            sourceUrl: data.sourceUrl,
          },
          data,
        });
      }
    },
    { timeout: TRANSACTION_TIMEOUT_MS },
  );
  return plan;
}
