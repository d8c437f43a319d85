/**
 * Whole-file validation of a data set (docs/product/rules.md#s7): every bad row is reported with
 * its index and field, nothing is accepted half-way. Row shapes come from the format in contracts
 * (`DataSet`); duplicates and references between rows are checked here, on the raw input, so that
 * one run lists every kind of error.
 */
import type { z } from 'zod';
import {
  DataSet,
  DETAIL_TABLE_NAMES,
  SLUG_PATTERN,
  type DetailTableName,
} from '@upright/contracts';

const { CID_PATTERN, IMPORT_SECTIONS, KNOWN_FIELDS, importFileSchema, metricNames } = DataSet;
type ImportFile = DataSet.ImportFile;

export interface ImportRowError {
  /** Where the problem is, e.g. `companies[12].company_name`; `(file)` for the file as a whole. */
  path: string;
  message: string;
}

export type ImportValidationResult =
  { ok: true; file: ImportFile } | { ok: false; errors: ImportRowError[] };

export interface ValidateImportOptions {
  /** Industry slugs already stored: rows may reference them without listing them in the file. */
  knownIndustries?: ReadonlySet<string>;
  /** upright_cids already stored: scores, details and sources may reference them. */
  knownCompanies?: ReadonlySet<string>;
  /** report_ids already stored: report_sources may reference them. */
  knownReports?: ReadonlySet<number>;
}

type PathPart = string | number;

interface PendingError {
  path: PathPart[];
  message: string;
}

export const FILE_PATH = '(file)';

export function validateImportFile(
  input: unknown,
  options: ValidateImportOptions = {},
): ImportValidationResult {
  if (!isPlainObject(input)) {
    return {
      ok: false,
      errors: [
        { path: FILE_PATH, message: `must be a JSON object with ${IMPORT_SECTIONS.join(', ')}` },
      ],
    };
  }

  const pending: PendingError[] = [];
  const parsed = importFileSchema.safeParse(input, { error: genericMessage });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) pending.push(...fromZodIssue(issue));
  }
  if (countRows(input) === 0) {
    pending.push({
      path: [],
      message: `file is empty: it has no rows in ${IMPORT_SECTIONS.join(', ')}`,
    });
  }
  checkAcrossRows(input, options, pending);

  if (pending.length === 0 && parsed.success) return { ok: true, file: parsed.data };
  return {
    ok: false,
    errors: sortErrors(pending).map(({ path, message }) => ({ path: formatPath(path), message })),
  };
}

// ---------------------------------------------------------------------------------------------
// zod issues → short messages

const EXPECTED: Record<string, string> = {
  string: 'must be a string',
  number: 'must be a number',
  int: 'must be a whole number',
  boolean: 'must be true or false',
  array: 'must be a list',
  object: 'must be an object',
  null: 'must be null',
};

/** Per-parse error map: messages for issues the schema has no specific message for. */
function genericMessage(issue: z.core.$ZodRawIssue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'is required';
      return EXPECTED[issue.expected] ?? `must be of type ${issue.expected}`;
    case 'invalid_value':
      return issue.values.length === 1
        ? `must be ${JSON.stringify(issue.values[0])}`
        : `must be one of: ${issue.values.map(String).join(', ')}`;
    case 'too_small':
      if (issue.origin === 'string') return 'must not be empty';
      if (issue.origin === 'array') return `must have at least ${issue.minimum} items`;
      return `must be at least ${issue.minimum}`;
    case 'too_big':
      if (issue.origin === 'string') return `must be at most ${issue.maximum} characters`;
      if (issue.origin === 'array') return `must have at most ${issue.maximum} items`;
      return `must be at most ${issue.maximum}`;
    case 'unrecognized_keys':
      return 'unknown field';
    default:
      return undefined;
  }
}

function fromZodIssue(issue: z.core.$ZodIssue): PendingError[] {
  const path = issue.path.map((part) => (typeof part === 'number' ? part : String(part)));
  if (issue.code === 'unrecognized_keys') {
    const known = knownFieldsAt(path);
    return issue.keys.map((key) => {
      const hint = known ? suggest(key, known) : undefined;
      return {
        path: [...path, key],
        message: `unknown field ${JSON.stringify(key)}${hint ? ` (did you mean "${hint}"?)` : ''}`,
      };
    });
  }
  return [{ path, message: issue.message }];
}

function knownFieldsAt(path: PathPart[]): readonly string[] | undefined {
  const [section, second, third, fourth] = path;
  if (path.length === 0) return KNOWN_FIELDS.file;
  if (section === 'details') {
    if (path.length === 1) return KNOWN_FIELDS.details;
    if (path.length === 3) return KNOWN_FIELDS.detailRow;
    if (path.length === 4 && fourth === 'metrics' && isDetailTable(second))
      return metricNames(second);
    return undefined;
  }
  if (path.length === 2) {
    switch (section) {
      case 'industries':
      case 'companies':
      case 'scores':
      case 'reports':
      case 'report_sources':
        return KNOWN_FIELDS[section];
    }
  }
  if (section === 'companies' && third === 'headquarters') return KNOWN_FIELDS.headquarters;
  return undefined;
}

/** The closest known field, if it is a plausible typo of `key`. */
function suggest(key: string, known: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of known) {
    const distance = editDistance(key.toLowerCase(), candidate);
    if (distance < bestDistance) [best, bestDistance] = [candidate, distance];
  }
  return best !== undefined && bestDistance <= Math.max(1, Math.floor(best.length / 4))
    ? best
    : undefined;
}

function editDistance(a: string, b: string): number {
  // Optimal string alignment distance: insertions, deletions, substitutions, adjacent swaps.
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) =>
    Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
      }
    }
  }
  return d[rows - 1][cols - 1];
}

// ---------------------------------------------------------------------------------------------
// checks across rows: duplicates and references
//
// Only well-formed keys take part: a malformed id or slug is reported by the schema already, and
// "unknown company" on top of "must be an id" would only be noise.

function checkAcrossRows(
  file: Record<string, unknown>,
  options: ValidateImportOptions,
  out: PendingError[],
): void {
  const industries = rowsOf(file.industries);
  const companies = rowsOf(file.companies);
  const reports = rowsOf(file.reports);

  // industries: unique slug
  const industryAt = firstOccurrences(
    industries,
    'industries',
    'industry',
    slugKey,
    out,
    (slug) => `duplicate industry ${JSON.stringify(slug)}`,
  );
  const industryExists = (slug: string) =>
    industryAt.has(slug) || !!options.knownIndustries?.has(slug);

  // companies: unique id, industries known, primary listed among industries
  const companyAt = firstOccurrences(
    companies,
    'companies',
    'upright_cid',
    cidKey,
    out,
    (cid) => `duplicate upright_cid ${JSON.stringify(cid)}`,
  );
  const companyExists = (cid: string) => companyAt.has(cid) || !!options.knownCompanies?.has(cid);

  for (const [index, row] of companies) {
    const primary = slugKey(row.industry);
    if (primary !== undefined && !industryExists(primary)) {
      out.push({ path: ['companies', index, 'industry'], message: unknownIndustry(primary) });
    }
    if (!Array.isArray(row.industries)) continue;
    const seen = new Set<string>();
    row.industries.forEach((value: unknown, position) => {
      const slug = slugKey(value);
      if (slug === undefined) return;
      const path = ['companies', index, 'industries', position];
      if (seen.has(slug)) out.push({ path, message: `duplicate industry ${JSON.stringify(slug)}` });
      else if (!industryExists(slug)) out.push({ path, message: unknownIndustry(slug) });
      seen.add(slug);
    });
    if (primary !== undefined && !seen.has(primary)) {
      out.push({
        path: ['companies', index, 'industries'],
        message: `must include the primary industry ${JSON.stringify(primary)}`,
      });
    }
  }

  // industries: no issue listed twice
  for (const [index, row] of industries) {
    if (!Array.isArray(row.industry_values)) continue;
    const seen = new Set<unknown>();
    row.industry_values.forEach((value: unknown, position) => {
      if (typeof value === 'string' && seen.has(value)) {
        out.push({
          path: ['industries', index, 'industry_values', position],
          message: `duplicate issue ${JSON.stringify(value)}`,
        });
      }
      seen.add(value);
    });
  }

  // scores: unique (company, period), company known
  checkPeriodRows(rowsOf(file.scores), ['scores'], 'score', companyExists, out);

  // details: per table unique (company, period), company known
  if (isPlainObject(file.details)) {
    for (const table of DETAIL_TABLE_NAMES) {
      checkPeriodRows(rowsOf(file.details[table]), ['details', table], 'row', companyExists, out);
    }
  }

  // reports: unique id, industry known
  const reportAt = firstOccurrences(
    reports,
    'reports',
    'report_id',
    idKey,
    out,
    (id) => `duplicate report_id ${id}`,
  );
  for (const [index, row] of reports) {
    const industry = slugKey(row.industry);
    if (industry !== undefined && !industryExists(industry)) {
      out.push({ path: ['reports', index, 'industry'], message: unknownIndustry(industry) });
    }
  }

  // report sources: report and company known, no source listed twice
  const sourceAt = new Map<string, number>();
  for (const [index, row] of rowsOf(file.report_sources)) {
    const reportId = idKey(row.report_id);
    if (reportId !== undefined && !reportAt.has(reportId) && !options.knownReports?.has(reportId)) {
      out.push({
        path: ['report_sources', index, 'report_id'],
        message: `unknown report_id ${reportId} (not in reports)`,
      });
    }
    const cid = cidKey(row.upright_cid);
    if (cid !== undefined && !companyExists(cid)) {
      out.push({ path: ['report_sources', index, 'upright_cid'], message: unknownCompany(cid) });
    }
    if (reportId === undefined || typeof row.source_url !== 'string') continue;
    if (row.upright_cid !== undefined && cid === undefined) continue;
    const key = JSON.stringify([reportId, cid ?? null, row.source_url]);
    const first = sourceAt.get(key);
    if (first === undefined) sourceAt.set(key, index);
    else {
      out.push({
        path: ['report_sources', index],
        message: `duplicate source ${JSON.stringify(row.source_url)} for report_id ${reportId}${
          cid ? ` and ${JSON.stringify(cid)}` : ''
        } (first at ${formatPath(['report_sources', first])})`,
      });
    }
  }
}

function checkPeriodRows(
  rows: [number, Record<string, unknown>][],
  at: PathPart[],
  noun: string,
  companyExists: (cid: string) => boolean,
  out: PendingError[],
): void {
  const firstAt = new Map<string, number>();
  for (const [index, row] of rows) {
    const cid = cidKey(row.upright_cid);
    if (cid === undefined) continue;
    if (!companyExists(cid))
      out.push({ path: [...at, index, 'upright_cid'], message: unknownCompany(cid) });
    const year = integerKey(row.period_year);
    const qrt = integerKey(row.period_qrt);
    if (year === undefined || qrt === undefined) continue;
    const key = `${cid}\u0000${year}\u0000${qrt}`;
    const first = firstAt.get(key);
    if (first === undefined) firstAt.set(key, index);
    else {
      out.push({
        path: [...at, index],
        message: `duplicate ${noun} for ${JSON.stringify(cid)} in ${year} Q${qrt} (first at ${formatPath(
          [...at, first],
        )})`,
      });
    }
  }
}

/** Map of key → index of its first row; later rows with the same key are reported. */
function firstOccurrences<K>(
  rows: [number, Record<string, unknown>][],
  section: string,
  field: string,
  keyOf: (value: unknown) => K | undefined,
  out: PendingError[],
  describe: (key: K) => string,
): Map<K, number> {
  const firstAt = new Map<K, number>();
  for (const [index, row] of rows) {
    const key = keyOf(row[field]);
    if (key === undefined) continue;
    const first = firstAt.get(key);
    if (first === undefined) firstAt.set(key, index);
    else {
      out.push({
        path: [section, index, field],
        message: `${describe(key)} (first at ${formatPath([section, first])})`,
      });
    }
  }
  return firstAt;
}

const unknownIndustry = (slug: string) =>
  `unknown industry ${JSON.stringify(slug)} (not in industries)`;
const unknownCompany = (cid: string) => `unknown company ${JSON.stringify(cid)} (not in companies)`;

const slugKey = (value: unknown) =>
  typeof value === 'string' && SLUG_PATTERN.test(value) ? value : undefined;
const cidKey = (value: unknown) =>
  typeof value === 'string' && CID_PATTERN.test(value) ? value : undefined;
const idKey = (value: unknown) =>
  Number.isSafeInteger(value) && (value as number) >= 1 ? (value as number) : undefined;
const integerKey = (value: unknown) => (Number.isInteger(value) ? (value as number) : undefined);

// ---------------------------------------------------------------------------------------------
// helpers

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isDetailTable(value: unknown): value is DetailTableName {
  return typeof value === 'string' && (DETAIL_TABLE_NAMES as string[]).includes(value);
}

/** The rows of a section that are objects, with their index. */
function rowsOf(section: unknown): [number, Record<string, unknown>][] {
  if (!Array.isArray(section)) return [];
  const rows: [number, Record<string, unknown>][] = [];
  section.forEach((row: unknown, index) => {
    if (isPlainObject(row)) rows.push([index, row]);
  });
  return rows;
}

function countRows(file: Record<string, unknown>): number {
  let count = 0;
  for (const section of IMPORT_SECTIONS) {
    const value = file[section];
    if (section === 'details') {
      if (isPlainObject(value)) {
        for (const table of Object.values(value)) if (Array.isArray(table)) count += table.length;
      }
    } else if (Array.isArray(value)) count += value.length;
  }
  return count;
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

export function formatPath(path: readonly PathPart[]): string {
  if (path.length === 0) return FILE_PATH;
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else if (IDENTIFIER.test(part)) out += out === '' ? part : `.${part}`;
    else out += `[${JSON.stringify(part)}]`;
  }
  return out;
}

/** File order: section, detail table, row index; errors of one row keep their order. */
function sortErrors(errors: PendingError[]): PendingError[] {
  const sectionRank = (part: PathPart | undefined) => {
    const index = IMPORT_SECTIONS.indexOf(part as (typeof IMPORT_SECTIONS)[number]);
    return index === -1 ? (part === undefined ? -1 : IMPORT_SECTIONS.length) : index;
  };
  const keyOf = (path: PathPart[]): number[] => {
    const rank = sectionRank(path[0]);
    if (path[0] === 'details') {
      const table = DETAIL_TABLE_NAMES.indexOf(path[1] as DetailTableName);
      return [rank, table, typeof path[2] === 'number' ? path[2] : -1];
    }
    return [rank, 0, typeof path[1] === 'number' ? path[1] : -1];
  };
  return errors
    .map((error, order) => ({ error, key: keyOf(error.path), order }))
    .sort((a, b) => {
      for (let i = 0; i < a.key.length; i++) if (a.key[i] !== b.key[i]) return a.key[i] - b.key[i];
      return a.order - b.order;
    })
    .map(({ error }) => error);
}
