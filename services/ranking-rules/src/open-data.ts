import { ISSUE_KEYS, type IssueKey } from './issues';
import type { IssueRanksOf, Weights } from './weigh';

/** A company's overall ranks, as the open data spells them and as recomputing gives them. */
export interface OverallRanks {
  readonly company_name: string;
  readonly raw_rank: number;
  readonly normalized_rank: number;
  readonly tied: boolean;
  readonly raw_arank: number;
  readonly arank: number;
  readonly atied: boolean;
}

/** What recomputing reads of a ranked company in an industry's open-data file. */
export type OpenDataCompany = IssueRanksOf & OverallRanks;

/**
 * The parts of `/api/open/us/{industry}.json` (docs/product/rules.md#s12) that the ranks are
 * recomputed from: the industry's issue list, each company's nine issue ranks, and the weights
 * the site's page ranked with (`weights`, stated on the page as equal weights or the members'
 * average priorities).
 */
export interface IndustryOpenDataFile {
  readonly industry: string;
  readonly methodology_version: string;
  readonly period: { readonly period_year: number; readonly period_qrt: number } | null;
  readonly industryValues: readonly string[];
  readonly companies: readonly OpenDataCompany[];
  readonly weights: Weights;
}

type Json = Record<string, unknown>;

/** Reads a downloaded industry file; a file of another shape fails naming the field. */
export function readIndustryOpenData(json: unknown): IndustryOpenDataFile {
  const file = object(json, 'the file');
  const data = object(file.data, 'data');
  const industryResult = object(data.industryResult, 'data.industryResult');
  const result = object(data.result, 'data.result');
  const weights = object(data.weights, 'data.weights');
  return {
    industry: string(file.industry, 'industry'),
    methodology_version: string(file.methodology_version, 'methodology_version'),
    period: file.period === null ? null : period(file.period),
    industryValues: array(
      industryResult.industry_values,
      'data.industryResult.industry_values',
    ).map((value, i) => string(value, `data.industryResult.industry_values[${i}]`)),
    companies: array(result.ranked, 'data.result.ranked').map((row, i) =>
      company(row, `data.result.ranked[${i}]`),
    ),
    weights: Object.fromEntries(
      ISSUE_KEYS.map((key) => [key, number(weights[key], `data.weights.${key}`)]),
    ) as Weights,
  };
}

function period(value: unknown): IndustryOpenDataFile['period'] {
  const fields = object(value, 'period');
  return {
    period_year: number(fields.period_year, 'period.period_year'),
    period_qrt: number(fields.period_qrt, 'period.period_qrt'),
  };
}

function company(value: unknown, at: string): OpenDataCompany {
  const row = object(value, at);
  const ranks = Object.fromEntries(
    ISSUE_KEYS.map((key: IssueKey) => [
      `${key}_rank`,
      number(row[`${key}_rank`], `${at}.${key}_rank`),
    ]),
  );
  return {
    ...ranks,
    upright_cid: string(row.upright_cid, `${at}.upright_cid`),
    company_name: string(row.company_name, `${at}.company_name`),
    raw_rank: number(row.raw_rank, `${at}.raw_rank`),
    normalized_rank: number(row.normalized_rank, `${at}.normalized_rank`),
    tied: boolean(row.tied, `${at}.tied`),
    raw_arank: number(row.raw_arank, `${at}.raw_arank`),
    arank: number(row.arank, `${at}.arank`),
    atied: boolean(row.atied, `${at}.atied`),
  } as OpenDataCompany;
}

function object(value: unknown, at: string): Json {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new TypeError(`${at} is not an object: is this an industry's open-data JSON file?`);
  }
  return value as Json;
}

function array(value: unknown, at: string): unknown[] {
  if (!Array.isArray(value)) throw new TypeError(`${at} is not a list`);
  return value;
}

function string(value: unknown, at: string): string {
  if (typeof value !== 'string') throw new TypeError(`${at} is not text`);
  return value;
}

function number(value: unknown, at: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new TypeError(`${at} is not a number`);
  }
  return value;
}

function boolean(value: unknown, at: string): boolean {
  if (typeof value !== 'boolean') throw new TypeError(`${at} is not true or false`);
  return value;
}
