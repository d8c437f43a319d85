import {
  ISSUES,
  METHODOLOGY_VERSION,
  OPEN_DATA_LICENCE,
  type Company,
  type CompanyScores,
  type IndustryCompaniesResponse,
  type IssueRanks,
  type NormalizedRank,
  type Period,
  type PublishedReport,
  type RankedCompany,
  type ReportSource,
} from '@upright/contracts';
import { stringify } from 'csv-stringify/sync';

export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';

/** What every download says about itself (docs/product/rules.md#s12). */
export interface OpenDataFacts {
  licence: string;
  methodology_version: string;
  /** The period ranked; null when the industry has no scores at all. */
  period: Period | null;
  /** The sources behind the figures: about a ranked company, or (upright_cid null) a report. */
  sources: ReportSource[];
}

/** `/api/open/us/{industry}.json`: `data` is exactly `GET /api/companies/us/{industry}`. */
export interface IndustryOpenData extends OpenDataFacts {
  industry: string;
  data: IndustryCompaniesResponse;
}

/** `/api/open/reports/{id}.json`: `data` is exactly the report page's `GET /api/published/…`. */
export interface ReportOpenData extends OpenDataFacts {
  report_id: number;
  data: PublishedReport;
}

/** A row of any ranking file: a company of the ranked set with its ranks and scores. */
type RankedRow = Company & IssueRanks & NormalizedRank & { companies_scores: CompanyScores };

type Column<Row> = readonly [header: string, value: (row: Row) => unknown];

function facts(period: Period | null, sources: ReportSource[]): OpenDataFacts {
  return {
    licence: OPEN_DATA_LICENCE,
    methodology_version: METHODOLOGY_VERSION,
    period,
    sources,
  };
}

export function industryOpenData(
  industry: string,
  data: IndustryCompaniesResponse,
  sources: ReportSource[],
): IndustryOpenData {
  return { ...facts(data.period, sources), industry, data };
}

export function reportOpenData(data: PublishedReport): ReportOpenData {
  return {
    ...facts(data.rankings?.period ?? null, data.sources),
    report_id: data.report.report_id,
    data,
  };
}

/** The columns every ranking file shares, before and after its own. */
function rankingColumns<Row extends RankedRow>(
  own: readonly Column<Row>[],
  open: OpenDataFacts,
): Column<Row>[] {
  const sourcesOf = (row: Row) =>
    open.sources
      .filter((source) => source.upright_cid === row.upright_cid || source.upright_cid === null)
      .map((source) => source.source_url)
      .join(' ');
  return [
    ['normalized_rank', (row) => row.normalized_rank],
    ['tied', (row) => row.tied],
    ['raw_rank', (row) => row.raw_rank],
    ...own,
    ['company_name', (row) => row.company_name],
    ['upright_cid', (row) => row.upright_cid],
    ['slug', (row) => row.slug],
    ['industry', (row) => row.industry],
    ['structure', (row) => row.structure],
    ...ISSUES.flatMap((issue): Column<Row>[] => [
      [`${issue.key}_rank`, (row) => row[`${issue.key}_rank`]],
      [`${issue.key}_tied`, (row) => row[`${issue.key}_tied`]],
      [issue.scoreField, (row) => row.companies_scores[issue.scoreField]],
    ]),
    ['period_year', () => open.period?.period_year],
    ['period_qrt', () => open.period?.period_qrt],
    ['methodology_version', () => open.methodology_version],
    ['licence', () => open.licence],
    ['sources', sourcesOf],
  ];
}

/** How a spreadsheet knows a cell is a formula (OWASP, "CSV Injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A text cell a spreadsheet shows as text: one that would start a formula (`=`, `+`, `-`, `@`,
 * tab, carriage return) gets a leading `'`, which spreadsheets read as "text follows" (issue
 * 25). Only for strings: numbers such as -3.5 are written as they are, so they stay numbers.
 */
export function formulaSafe(cell: string): string {
  return FORMULA_START.test(cell) ? `'${cell}` : cell;
}

function csvOf<Row>(rows: readonly Row[], columns: readonly Column<Row>[]): string {
  return stringify(
    rows.map((row) => columns.map(([, value]) => value(row))),
    {
      header: true,
      columns: columns.map(([header]) => header),
      // csv-stringify writes false as an empty field by default; a file reader wants the word.
      cast: { boolean: (value) => String(value), string: formulaSafe },
    },
  );
}

/** One row per ranked company, by normalized rank then name, with every issue's rank. */
export function industryCsv(open: IndustryOpenData): string {
  const own: Column<RankedCompany>[] = [
    ['arank', (row) => row.arank],
    ['atied', (row) => row.atied],
    ['raw_arank', (row) => row.raw_arank],
  ];
  return csvOf(open.data.result.ranked, rankingColumns(own, open));
}

/** One row per company the report ranks, in the report's order. */
export function reportCsv(open: ReportOpenData): string {
  return csvOf(open.data.rankings?.rankings ?? [], rankingColumns([], open));
}
