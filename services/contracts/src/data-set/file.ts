/**
 * Shape of the data set file (docs/product/rules.md#s7): one JSON object with the sections
 * `industries`, `companies`, `scores`, `details`, `reports` and `report_sources`, rows named with
 * the spec (docs/product/spec.md#s3) field names. One home for the format, because three programs
 * meet at it: the rankings importer (the whole file), the reports importer (its reports sections)
 * and the sample-data generator (infra/tools/sample-data). This schema checks each row on its own
 * (types, ranges, formats, unknown fields); checks across rows (duplicates, references) live in
 * rankings' `import-file/validate.ts`.
 */
import { z } from 'zod';
import {
  DETAIL_TABLES,
  DETAIL_TABLE_NAMES,
  type DetailTableName,
  type MetricDefinition,
} from '../details';
import { ISSUES, ISSUE_KEYS, type IssueKey } from '../issues';
import {
  bool,
  cid,
  date,
  intBetween,
  msg,
  numberBetween,
  periodQrt,
  periodYear,
  slug,
  stringList,
  text,
  url,
} from './fields';
import { reportRowSchema, reportSourceRowSchema } from './reports';

/** Two-letter codes of the US states, DC and the inhabited territories. */
export const US_STATE_CODES: ReadonlySet<string> = new Set(
  (
    'AL AK AZ AR CA CO CT DE FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY ' +
    'NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY DC PR GU VI AS MP'
  ).split(' '),
);

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
