/**
 * Validation of the `reports` and `report_sources` sections of a data set file
 * (docs/product/rules.md#s7): every bad row is listed with its path and field, and nothing is
 * accepted half-way. The other sections belong to rankings, which checks them (and that reports'
 * industries and sources' companies exist) before this import runs. Pure.
 */
import { DataSet } from '@upright/contracts';
import { z } from 'zod';

export interface ImportRowError {
  /** e.g. `reports[3].title`; `(file)` for the file as a whole. */
  path: string;
  message: string;
}

export type ReportRow = DataSet.ReportRow;
export type ReportSourceRow = DataSet.ReportSourceRow;

export interface ReportSections {
  reports: ReportRow[];
  report_sources: ReportSourceRow[];
}

/** What is stored already and constrains the file. */
export interface StoredReports {
  /** report_ids already stored: sources may reference them. */
  known: ReadonlySet<number>;
  /** Published reports' ranking-defining fields, which an import may not change. */
  frozen: ReadonlyMap<number, FrozenFields>;
}

export const FROZEN_FIELDS = [
  'industry',
  'value',
  'count',
  'primary',
  'major_ranking',
  'period_year',
  'period_qrt',
] as const;
export type FrozenFields = Pick<ReportRow, (typeof FROZEN_FIELDS)[number]>;

export type ReportsValidation =
  { ok: true; sections: ReportSections } | { ok: false; errors: ImportRowError[] };

const sectionsSchema = z.object({
  reports: z.array(DataSet.reportRowSchema, 'must be a list').default([]),
  report_sources: z.array(DataSet.reportSourceRowSchema, 'must be a list').default([]),
});

export const FILE_PATH = '(file)';

export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else out += out === '' ? String(part) : `.${String(part)}`;
  }
  return out || FILE_PATH;
}

function messageOf(issue: z.core.$ZodRawIssue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? 'is required' : `must be of type ${issue.expected}`;
    case 'unrecognized_keys':
      return `unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((key) => JSON.stringify(key)).join(', ')}`;
    default:
      return undefined;
  }
}

export function validateReportSections(input: unknown, stored: StoredReports): ReportsValidation {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return { ok: false, errors: [{ path: FILE_PATH, message: 'must be a JSON object' }] };
  }
  const errors: ImportRowError[] = [];
  const parsed = sectionsSchema.safeParse(input, { error: messageOf });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      errors.push({ path: formatPath(issue.path), message: issue.message });
    }
    return { ok: false, errors };
  }
  const { reports, report_sources } = parsed.data;

  const firstReportAt = new Map<number, number>();
  reports.forEach((row, index) => {
    const first = firstReportAt.get(row.report_id);
    if (first !== undefined) {
      errors.push({
        path: `reports[${index}].report_id`,
        message: `duplicate report_id ${row.report_id} (first at reports[${first}])`,
      });
      return;
    }
    firstReportAt.set(row.report_id, index);
    const frozen = stored.frozen.get(row.report_id);
    if (frozen === undefined) return;
    for (const field of FROZEN_FIELDS) {
      if (frozen[field] !== row[field]) {
        errors.push({
          path: `reports[${index}].${field}`,
          message: `report ${row.report_id} is published and its ranking is frozen: ${field} stays ${JSON.stringify(frozen[field])} (publish a new report for a correction)`,
        });
      }
    }
  });

  const firstSourceAt = new Map<string, number>();
  report_sources.forEach((row, index) => {
    if (!firstReportAt.has(row.report_id) && !stored.known.has(row.report_id)) {
      errors.push({
        path: `report_sources[${index}].report_id`,
        message: `unknown report_id ${row.report_id} (not in reports)`,
      });
    }
    const key = JSON.stringify([row.report_id, row.upright_cid ?? null, row.source_url]);
    const first = firstSourceAt.get(key);
    if (first === undefined) firstSourceAt.set(key, index);
    else {
      errors.push({
        path: `report_sources[${index}]`,
        message: `duplicate source ${JSON.stringify(row.source_url)} for report_id ${row.report_id} (first at report_sources[${first}])`,
      });
    }
  });

  return errors.length === 0 ? { ok: true, sections: parsed.data } : { ok: false, errors };
}
