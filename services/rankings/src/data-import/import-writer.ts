import { DETAIL_TABLE_NAMES } from '@upright/contracts';
import type { Prisma, PrismaClient } from '../generated/prisma/client';
import type { DataSet } from '@upright/contracts';
import { companySlug } from '@upright/contracts';
import type { ProgressReporter } from './progress';
import { COMPANIES, COMPANY_INDUSTRIES, DETAILS, INDUSTRIES, SCORES } from './tables';
import { upsertSql, type TableSpec } from './upsert-sql';

const BATCH_SIZE = 1000;
/**
 * How long one transaction of an import may take: the longest, staging a 50,000-company file with
 * its preview, took 35 s (docs/services/rankings.md).
 */
export const IMPORT_TRANSACTION = { timeout: 15 * 60_000, maxWait: 10_000 } as const;

export interface SectionChanges {
  inserted: number;
  updated: number;
  unchanged: number;
  removed: number;
}

export interface ImportSummary {
  sections: Record<string, SectionChanges>;
  /** Industries whose rankings may differ after this import. */
  changedIndustries: string[];
  /** Report rows are validated here and belong to the reports service. */
  reportsNotImported: number;
}

type Transaction = Prisma.TransactionClient;
type Row = Record<string, unknown>;

function flattenCompany(company: DataSet.ImportFile['companies'][number]): Row {
  const { headquarters, industries: _industries, ...rest } = company;
  return {
    ...rest,
    slug: companySlug(company.company_name),
    structure: company.structure ?? null,
    updated: company.updated ?? null,
    hq_city: headquarters?.city ?? null,
    hq_state: headquarters?.state ?? null,
    hq_latitude: headquarters?.latitude ?? null,
    hq_longitude: headquarters?.longitude ?? null,
  };
}

function detailRows(file: DataSet.ImportFile): Row[] {
  return DETAIL_TABLE_NAMES.flatMap((table) =>
    file.details[table].map((row) => ({ ...row, detail_table: table })),
  );
}

function membershipRows(file: DataSet.ImportFile): Row[] {
  return file.companies.flatMap((company) =>
    company.industries.map((industry) => ({ industry, upright_cid: company.upright_cid })),
  );
}

/**
 * Writes a validated data set in one transaction. Unchanged rows are not touched, so a
 * re-import reports zero changes; company memberships not in the file are removed.
 */
export function writeImport(
  db: PrismaClient,
  file: DataSet.ImportFile,
  progress: ProgressReporter = () => undefined,
): Promise<ImportSummary> {
  return db.$transaction((tx) => applyImport(tx, file, progress), IMPORT_TRANSACTION);
}

/**
 * writeImport's work inside a transaction the caller holds: the editors' desk applies a file in
 * one it rolls back (the preview) or in the one that also snapshots the public data (publish,
 * decision 0077).
 */
export async function applyImport(
  tx: Transaction,
  file: DataSet.ImportFile,
  progress: ProgressReporter = () => undefined,
): Promise<ImportSummary> {
  const sections: Record<string, SectionChanges> = {};
  const changedCompanies = new Set<string>();
  const changedIndustries = new Set<string>();

  async function upsert(tx: Transaction, section: string, spec: TableSpec, rows: Row[]) {
    const changes: SectionChanges = { inserted: 0, updated: 0, unchanged: 0, removed: 0 };
    const sql = upsertSql(spec);
    for (let start = 0; start < rows.length; start += BATCH_SIZE) {
      const batch = rows.slice(start, start + BATCH_SIZE);
      const written = await tx.$queryRawUnsafe<
        Array<{ inserted: boolean; upright_cid?: string; industry?: string }>
      >(sql, JSON.stringify(batch));
      for (const row of written) {
        if (row.inserted) changes.inserted += 1;
        else changes.updated += 1;
        if (row.upright_cid) changedCompanies.add(row.upright_cid);
        else if (row.industry) changedIndustries.add(row.industry);
      }
      changes.unchanged += batch.length - written.length;
      progress(section, Math.min(start + BATCH_SIZE, rows.length), rows.length);
    }
    sections[section] = changes;
  }

  async function removeStaleMemberships(tx: Transaction) {
    const companies = file.companies.map((company) => ({
      upright_cid: company.upright_cid,
      industries: company.industries,
    }));
    for (let start = 0; start < companies.length; start += BATCH_SIZE) {
      const removed = await tx.$queryRawUnsafe<Array<{ upright_cid: string; industry: string }>>(
        `DELETE FROM rankings.company_industries AS membership
         USING jsonb_to_recordset($1::jsonb) AS input(upright_cid text, industries text[])
         WHERE membership.upright_cid = input.upright_cid AND NOT (membership.industry = ANY (input.industries))
         RETURNING membership.upright_cid, membership.industry`,
        JSON.stringify(companies.slice(start, start + BATCH_SIZE)),
      );
      sections.company_industries!.removed += removed.length;
      for (const row of removed) changedIndustries.add(row.industry);
    }
  }

  await upsert(tx, 'industries', INDUSTRIES, file.industries);
  await upsert(tx, 'companies', COMPANIES, file.companies.map(flattenCompany));
  await upsert(tx, 'company_industries', COMPANY_INDUSTRIES, membershipRows(file));
  await removeStaleMemberships(tx);
  await upsert(tx, 'scores', SCORES, file.scores);
  await upsert(tx, 'details', DETAILS, detailRows(file));
  if (changedCompanies.size > 0) {
    const rows = await tx.$queryRawUnsafe<Array<{ industry: string }>>(
      'SELECT DISTINCT industry FROM rankings.company_industries WHERE upright_cid = ANY ($1::text[])',
      [...changedCompanies],
    );
    for (const row of rows) changedIndustries.add(row.industry);
  }

  return {
    sections,
    changedIndustries: [...changedIndustries].sort(),
    reportsNotImported: file.reports.length + file.report_sources.length,
  };
}
