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

/**
 * `/api/open/us.json`: every active industry's file at its latest period, in one. The licence and
 * methodology are the whole file's; each industry says its own period and sources.
 */
export interface MarketOpenData {
  licence: string;
  methodology_version: string;
  market: string;
  industries: IndustryOpenData[];
}

/** A row of any ranking file: a company of the ranked set with its ranks and scores. */
type RankedRow = Company & IssueRanks & NormalizedRank & { companies_scores: CompanyScores };

/** A column of a file's rows, read from the row and the file (or industry) it belongs to. */
type Column<Row, Open extends OpenDataFacts = OpenDataFacts> = readonly [
  header: string,
  value: (row: Row, open: Open) => unknown,
];

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

export function marketOpenData(market: string, industries: IndustryOpenData[]): MarketOpenData {
  return {
    licence: OPEN_DATA_LICENCE,
    methodology_version: METHODOLOGY_VERSION,
    market,
    industries,
  };
}

export function reportOpenData(data: PublishedReport): ReportOpenData {
  return {
    ...facts(data.rankings?.period ?? null, data.sources),
    report_id: data.report.report_id,
    data,
  };
}

/** The columns every ranking file shares, before and after its own. */
function rankingColumns<Row extends RankedRow>(own: readonly Column<Row>[]): Column<Row>[] {
  const sourcesOf = (row: Row, open: OpenDataFacts) =>
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
    ['period_year', (_row, open) => open.period?.period_year],
    ['period_qrt', (_row, open) => open.period?.period_qrt],
    ['methodology_version', (_row, open) => open.methodology_version],
    ['licence', (_row, open) => open.licence],
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

/** The rows of each file (or industry) in turn, each cell read with the file it belongs to. */
function csvOf<Row, Open extends OpenDataFacts>(
  columns: readonly Column<Row, Open>[],
  files: readonly (readonly [rows: readonly Row[], open: Open])[],
): string {
  return stringify(
    files.flatMap(([rows, open]) =>
      rows.map((row) => columns.map(([, value]) => value(row, open))),
    ),
    {
      header: true,
      columns: columns.map(([header]) => header),
      // csv-stringify writes false as an empty field by default; a file reader wants the word.
      cast: { boolean: (value) => String(value), string: formulaSafe },
    },
  );
}

/** An industry file's columns: the ranking's, with the all-issues rank. */
const INDUSTRY_COLUMNS = rankingColumns<RankedCompany>([
  ['arank', (row) => row.arank],
  ['atied', (row) => row.atied],
  ['raw_arank', (row) => row.raw_arank],
]);

/** One row per ranked company, by normalized rank then name, with every issue's rank. */
export function industryCsv(open: IndustryOpenData): string {
  return csvOf(INDUSTRY_COLUMNS, [[open.data.result.ranked, open]]);
}

/**
 * Every industry's rows in turn, each first naming the ranking it is a row of (`industry` is the
 * company's own): a company ranked in two industries has a row in each.
 */
export function marketCsv(open: MarketOpenData): string {
  const columns: Column<RankedCompany, IndustryOpenData>[] = [
    ['ranking', (_row, industry) => industry.industry],
    ...INDUSTRY_COLUMNS,
  ];
  return csvOf(
    columns,
    open.industries.map((industry) => [industry.data.result.ranked, industry] as const),
  );
}

/** One row per company the report ranks, in the report's order. */
export function reportCsv(open: ReportOpenData): string {
  return csvOf(rankingColumns([]), [[open.data.rankings?.rankings ?? [], open]]);
}
