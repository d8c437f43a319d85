/**
 * What an import changes: rows compared with what is stored, so a re-import writes nothing
 * and says so. Pure.
 */
import type { ReportRow, ReportSections, ReportSourceRow } from './validate-reports';

/** A stored report in the file's terms (dates as YYYY-MM-DD). */
export type StoredReport = ReportRow;
export type StoredSource = ReportSourceRow;

export interface ImportPlan {
  insertReports: ReportRow[];
  updateReports: ReportRow[];
  unchangedReports: number;
  insertSources: ReportSourceRow[];
  updateSources: ReportSourceRow[];
  unchangedSources: number;
}

export function sourceKey(row: Pick<ReportSourceRow, 'report_id' | 'upright_cid' | 'source_url'>) {
  return JSON.stringify([row.report_id, row.upright_cid ?? null, row.source_url]);
}

function sameRow<T extends object>(a: T, b: T): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]) as Set<keyof T>;
  for (const key of keys) if ((a[key] ?? null) !== (b[key] ?? null)) return false;
  return true;
}

export function planImport(
  file: ReportSections,
  storedReports: ReadonlyMap<number, StoredReport>,
  storedSources: ReadonlyMap<string, StoredSource>,
): ImportPlan {
  const plan: ImportPlan = {
    insertReports: [],
    updateReports: [],
    unchangedReports: 0,
    insertSources: [],
    updateSources: [],
    unchangedSources: 0,
  };
  for (const row of file.reports) {
    const stored = storedReports.get(row.report_id);
    if (stored === undefined) plan.insertReports.push(row);
    else if (sameRow(stored, row)) plan.unchangedReports += 1;
    else plan.updateReports.push(row);
  }
  for (const row of file.report_sources) {
    const stored = storedSources.get(sourceKey(row));
    if (stored === undefined) plan.insertSources.push(row);
    else if (sameRow(stored, row)) plan.unchangedSources += 1;
    else plan.updateSources.push(row);
  }
  return plan;
}

export function changesIn(plan: ImportPlan): number {
  return (
    plan.insertReports.length +
    plan.updateReports.length +
    plan.insertSources.length +
    plan.updateSources.length
  );
}
