/**
 * Shape of the rankings data set file (decisions §7): one JSON object with the sections
 * `industries`, `companies`, `scores`, `details`, `reports` and `report_sources`, rows named with
 * the spec's §3 field names. This schema checks each row on its own (types, ranges, formats,
 * unknown fields); checks across rows (duplicates, references) live in `validate.ts`.
 */
import { z } from 'zod';
import {
  DETAIL_TABLES,
  DETAIL_TABLE_NAMES,
  ISSUES,
  ISSUE_KEYS,
  type DetailTableName,
  type IssueKey,
  type MetricDefinition,
} from '@upright/contracts';

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const CID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Two-letter codes of the US states, DC and the inhabited territories. */
export const US_STATE_CODES: ReadonlySet<string> = new Set(
  (
    'AL AK AZ AR CA CO CT DE FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY ' +
    'NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY DC PR GU VI AS MP'
  ).split(' '),
);

export const REPORT_VALUES: [IssueKey | 'overall', ...(IssueKey | 'overall')[]] = [
  'overall',
  ...ISSUE_KEYS,
];

export function isCalendarDate(value: string): boolean {
  const match = DATE_PATTERN.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

export function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/** A schema-level message that still says "is required" when the field is absent. */
function msg(message: string) {
  return {
    error: (issue: { input?: unknown }) => (issue.input === undefined ? 'is required' : message),
  };
}

const text = (max: number) =>
  z
    .string()
    .refine((value) => value.trim().length > 0, 'must not be empty')
    .refine((value) => value.length <= max, `must be at most ${max} characters`);

const stringList = (maxItems: number, maxLength = 200) =>
  z.array(text(maxLength)).max(maxItems, `must have at most ${maxItems} items`).default([]);

const slug = () =>
  z
    .string()
    .max(100, 'must be at most 100 characters')
    .regex(SLUG_PATTERN, 'must be a slug (lowercase letters, digits and hyphens)');

const cid = () =>
  z.string().regex(CID_PATTERN, 'must be an id of up to 64 letters, digits, "-" or "_"');

const date = () => z.string().refine(isCalendarDate, 'must be a date YYYY-MM-DD');

const url = () =>
  z
    .string()
    .refine((value) => value.length <= 2000, 'must be at most 2000 characters')
    .refine(isHttpUrl, 'must be an http or https URL');

function intBetween(min: number, max: number) {
  const message = `must be a whole number between ${min} and ${max}`;
  return z.int(msg(message)).min(min, message).max(max, message);
}

function numberBetween(min: number, max: number) {
  const message = `must be a number between ${min} and ${max}`;
  return z.number(msg(message)).min(min, message).max(max, message);
}

const bool = (fallback: boolean) => z.boolean(msg('must be true or false')).default(fallback);

const periodYear = () => intBetween(2000, 2100);
const periodQrt = () => intBetween(1, 4);

// ---------------------------------------------------------------------------------------------
// industries

export const industryRowSchema = z.strictObject({
  industry: slug(),
  industry_text: text(200),
  industry_alts: stringList(50),
  definition: text(2000),
  industry_values: z
    .array(
      z.enum(
        ISSUE_KEYS as [IssueKey, ...IssueKey[]],
        msg(`must be one of: ${ISSUE_KEYS.join(', ')}`),
      ),
    )
    .default([]),
  limit: intBetween(1, 1000),
  active: bool(true),
});

// ---------------------------------------------------------------------------------------------
// companies

const structure = text(50).refine(
  (value) => value === 'Public' || value.trim().toLowerCase() !== 'public',
  'must be spelled "Public" for a public company',
);

export const headquartersSchema = z.strictObject({
  city: text(100),
  state: z
    .string()
    .refine((value) => US_STATE_CODES.has(value), 'must be a 2-letter US state code (e.g. "NY")'),
  latitude: numberBetween(-90, 90),
  longitude: numberBetween(-180, 180),
});

export const companyRowSchema = z
  .strictObject({
    upright_cid: cid(),
    company_name: text(200),
    brands: stringList(200),
    subsidiaries: stringList(200),
    industry: slug(),
    industries: z.array(slug()).max(50, 'must have at most 50 items').optional(),
    sectors: stringList(20),
    structure,
    alt_reporting: bool(false),
    self_reporting: bool(false),
    updated: date().optional(),
    headquarters: headquartersSchema.optional(),
  })
  // `industries` defaults to the primary industry alone.
  .transform((company) => ({ ...company, industries: company.industries ?? [company.industry] }));

// ---------------------------------------------------------------------------------------------
// scores

type ScoreFields = {
  [F in (typeof ISSUES)[number]['scoreField']]: z.ZodDefault<z.ZodNullable<z.ZodNumber>>;
};

const scoreFields = Object.fromEntries(
  ISSUES.map((issue) => [
    issue.scoreField,
    z.number('must be a number or null').nullable().default(null),
  ]),
) as ScoreFields;

export const scoreRowSchema = z.strictObject({
  upright_cid: cid(),
  period_year: periodYear(),
  period_qrt: periodQrt(),
  ...scoreFields,
});

// ---------------------------------------------------------------------------------------------
// details

type MetricsOf<T extends DetailTableName> = (typeof DETAIL_TABLES)[T]['metrics'][number];
export type MetricValues<T extends DetailTableName> = {
  [M in MetricsOf<T> as M['name']]?: M['unit'] extends 'text' ? string : number;
};

function metricSchema(metric: MetricDefinition): z.ZodType {
  switch (metric.unit) {
    case 'text':
      return text(200);
    case 'count':
      return z
        .int(msg('must be a whole number of at least 0'))
        .min(0, 'must be a whole number of at least 0');
    case 'tonnes_co2e':
    case 'ratio':
      return z
        .number(msg('must be a number of at least 0'))
        .min(0, 'must be a number of at least 0');
    case 'usd':
      return z.number(msg('must be a number (US dollars)'));
    case 'percent':
      return z.number(msg('must be a number (percent: 12.5 means 12.5%)'));
  }
}

function detailRowSchema<T extends DetailTableName>(table: T) {
  const metrics: readonly MetricDefinition[] = DETAIL_TABLES[table].metrics;
  const metricsSchema = z
    .strictObject(
      Object.fromEntries(metrics.map((metric) => [metric.name, metricSchema(metric).optional()])),
    )
    .refine((values) => Object.keys(values).length > 0, 'must contain at least one metric');
  return z.strictObject({
    upright_cid: cid(),
    period_year: periodYear(),
    period_qrt: periodQrt(),
    source_publisher: text(200),
    source_url: url(),
    source_date: date(),
    metrics: metricsSchema as unknown as z.ZodType<MetricValues<T>>,
  });
}

type DetailSchemas = {
  [T in DetailTableName]: z.ZodDefault<z.ZodArray<ReturnType<typeof detailRowSchema<T>>>>;
};

export const detailsSchema = z
  .strictObject(
    Object.fromEntries(
      DETAIL_TABLE_NAMES.map((table) => [table, z.array(detailRowSchema(table)).default([])]),
    ) as DetailSchemas,
  )
  .prefault({});

// ---------------------------------------------------------------------------------------------
// reports and their sources

export const reportRowSchema = z.strictObject({
  report_id: z
    .int(msg('must be a positive whole number'))
    .min(1, 'must be a positive whole number'),
  title: text(300),
  slug: slug(),
  published_date: date(),
  industry: slug(),
  value: z.enum(REPORT_VALUES, msg(`must be one of: ${REPORT_VALUES.join(', ')}`)),
  geography: z.literal('us', msg('must be "us"')),
  count: intBetween(1, 1000),
  primary: bool(false),
  major: bool(false),
  major_ranking: bool(false),
  archived: bool(false),
  featured: bool(false),
  period_year: periodYear(),
  period_qrt: periodQrt(),
  report: text(200_000),
});

export const reportSourceRowSchema = z.strictObject({
  report_id: z
    .int(msg('must be a positive whole number'))
    .min(1, 'must be a positive whole number'),
  upright_cid: cid().optional(),
  source_publisher: text(200),
  source_url: url(),
  source_date: date(),
  title: text(300),
});

// ---------------------------------------------------------------------------------------------
// the file

export const IMPORT_SECTIONS = [
  'industries',
  'companies',
  'scores',
  'details',
  'reports',
  'report_sources',
] as const;
export type ImportSection = (typeof IMPORT_SECTIONS)[number];

export const importFileSchema = z.strictObject({
  industries: z.array(industryRowSchema).default([]),
  companies: z.array(companyRowSchema).default([]),
  scores: z.array(scoreRowSchema).default([]),
  details: detailsSchema,
  reports: z.array(reportRowSchema).default([]),
  report_sources: z.array(reportSourceRowSchema).default([]),
});

export type ImportFile = z.infer<typeof importFileSchema>;
export type IndustryRow = ImportFile['industries'][number];
export type CompanyRow = ImportFile['companies'][number];
export type ScoreRow = ImportFile['scores'][number];
export type DetailRow<T extends DetailTableName = DetailTableName> =
  ImportFile['details'][T][number];
export type ReportRow = ImportFile['reports'][number];
export type ReportSourceRow = ImportFile['report_sources'][number];

/** Field names allowed at each level, for "did you mean" hints on unknown fields. */
export const KNOWN_FIELDS = {
  file: IMPORT_SECTIONS as readonly string[],
  details: DETAIL_TABLE_NAMES as readonly string[],
  industries: Object.keys(industryRowSchema.shape),
  companies: Object.keys(companyRowSchema.in.shape),
  headquarters: Object.keys(headquartersSchema.shape),
  scores: Object.keys(scoreRowSchema.shape),
  detailRow: [
    'upright_cid',
    'period_year',
    'period_qrt',
    'source_publisher',
    'source_url',
    'source_date',
    'metrics',
  ],
  reports: Object.keys(reportRowSchema.shape),
  report_sources: Object.keys(reportSourceRowSchema.shape),
} as const;

export function metricNames(table: DetailTableName): string[] {
  return DETAIL_TABLES[table].metrics.map((metric) => metric.name);
}
