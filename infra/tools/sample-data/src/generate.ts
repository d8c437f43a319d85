/**
 * Deterministic generator of fictional data sets in the data set file format (`DataSet` in
 * @upright/contracts; docs/product/rules.md#s1, #s7): the shipped sample
 * (`services/rankings/data/sample.json`, 300 companies) and large synthetic sets for benchmarks.
 * This file puts a set together; each part comes from its own module (industries, companies,
 * scores, details, reports).
 *
 * Small sections (industries, companies, reports, report sources) are built up front; scores and
 * detail rows are produced lazily, one company at a time, from random streams derived from the
 * seed and the company's index — so a 50,000-company set can be streamed to disk without holding
 * its 400,000 score rows in memory, and every part comes out the same whatever order it is read.
 */
import { DETAIL_TABLE_NAMES, type DataSet, type DetailTableName } from '@upright/contracts';
import { planCompany, type UsedNames } from './companies';
import { detailRow } from './details';
import { industryRow, industrySizes, industryTemplates } from './industries';
import { periodsEndingAt, type Period } from './periods';
import { chance, rngFor, shuffle } from './prng';
import { planReports } from './reports';
import { scoreSeries } from './scores';

export interface GenerateOptions {
  /** Number of companies (≥ 1). */
  companies: number;
  /** Number of industries; default 20 (fewer when there are fewer than 5 companies per industry). */
  industries?: number;
  /** Number of quarters of scores, ending with `latest`; default 8. */
  quarters?: number;
  /** Seed of every random choice; default 1. */
  seed?: number;
  /** The most recent quarter; default 2026 Q3. */
  latest?: Period;
  /** Only the first this-many companies get detail rows; default: all. */
  detailCompanies?: number;
  /** Number of reports; default 1.5 per active industry. */
  reports?: number;
}

export const DEFAULT_SEED = 1;
export const DEFAULT_INDUSTRIES = 20;
export const DEFAULT_QUARTERS = 8;
export const DEFAULT_LATEST: Period = { year: 2026, qrt: 3 };

export interface DataSetParts {
  periods: Period[];
  industries: DataSet.IndustryRow[];
  companies: DataSet.CompanyRow[];
  /** Score rows, company by company, oldest quarter first. */
  scores(): Iterable<DataSet.ScoreRow>;
  /** Detail rows of one table, company by company. */
  details<T extends DetailTableName>(table: T): Iterable<DataSet.DetailRow<T>>;
  reports: DataSet.ReportRow[];
  report_sources: DataSet.ReportSourceRow[];
}

/** The whole data set in memory (use `planDataSet` to stream large ones). */
export function generateDataSet(options: GenerateOptions): DataSet.ImportFile {
  const parts = planDataSet(options);
  const details = Object.fromEntries(
    DETAIL_TABLE_NAMES.map((table) => [table, [...parts.details(table)]]),
  ) as DataSet.ImportFile['details'];
  return {
    industries: parts.industries,
    companies: parts.companies,
    scores: [...parts.scores()],
    details,
    reports: parts.reports,
    report_sources: parts.report_sources,
  };
}

export function planDataSet(options: GenerateOptions): DataSetParts {
  const seed = options.seed ?? DEFAULT_SEED;
  const companyCount = checkCount('companies', options.companies, 1);
  const industryCount = checkCount(
    'industries',
    options.industries ?? Math.max(1, Math.min(DEFAULT_INDUSTRIES, Math.floor(companyCount / 5))),
    1,
  );
  const quarterCount = checkCount('quarters', options.quarters ?? DEFAULT_QUARTERS, 1);
  const periods = periodsEndingAt(options.latest ?? DEFAULT_LATEST, quarterCount);
  const latestIndex = periods.length - 1;
  const detailLimit = options.detailCompanies ?? companyCount;

  const templates = industryTemplates(industryCount);
  const industries = templates.map((template, index) =>
    industryRow(template, index, industryCount, seed),
  );
  const sizes = industrySizes(companyCount, industryCount, rngFor(seed, 'industry-sizes'));
  const primaries = shuffle(
    rngFor(seed, 'primaries'),
    sizes.flatMap((size, industry) => Array.from({ length: size }, () => industry)),
  );

  const usedNames: UsedNames = { names: new Set(), roots: new Set() };
  const plans = primaries.map((primary, index) =>
    planCompany(index, primary, templates, periods, usedNames, seed),
  );
  const companies = plans.map((plan) => plan.row);

  const { reports, sources } = planReports(
    seed,
    options.reports,
    templates,
    industries,
    plans,
    periods,
  );

  return {
    periods,
    industries,
    companies,
    *scores() {
      for (const plan of plans) {
        for (const row of scoreSeries(plan, periods, templates, seed)) if (row) yield row;
      }
    },
    *details<T extends DetailTableName>(table: T): Iterable<DataSet.DetailRow<T>> {
      const quarters = [latestIndex, latestIndex - 4].filter((index) => index >= 0);
      for (const plan of plans.slice(0, Math.max(0, detailLimit))) {
        const random = rngFor(seed, 'details', table, plan.index);
        const series = scoreSeries(plan, periods, templates, seed);
        for (const quarter of quarters) {
          const probability = quarter === latestIndex ? 0.92 : 0.35;
          const scores = series[quarter];
          if (!chance(random, probability) || !scores) continue;
          yield detailRow(table, plan, periods[quarter], scores, templates, random);
        }
      }
    },
    reports,
    report_sources: sources,
  };
}

function checkCount(name: string, value: number, min: number): number {
  if (!Number.isInteger(value) || value < min) {
    throw new RangeError(`${name} must be a whole number of at least ${min}`);
  }
  return value;
}
