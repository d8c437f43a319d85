import {
  ISSUES,
  type Company,
  type CompanyScores,
  type Headquarters,
  type IssueKey,
  type ScoreField,
} from '@upright/contracts';
import type { RankableCompany } from '../ranking-engine';

/**
 * Rows as the repository reads them (Prisma model fields) and their API shapes. Kept apart from
 * Prisma's generated types so the mapping is tested with plain objects.
 */

/** Prisma returns numeric columns as Decimal; this is the part of it the mapping needs. */
export interface DecimalLike {
  toNumber(): number;
}

export interface CompanyRow {
  uprightCid: string;
  companyName: string;
  slug: string;
  brands: string[];
  subsidiaries: string[];
  industry: string;
  sectors: string[];
  structure: string | null;
  altReporting: boolean;
  selfReporting: boolean;
  updated: Date | null;
  industries: ReadonlyArray<{ industry: string }>;
}

export interface HeadquartersRow {
  hqCity: string | null;
  hqState: string | null;
  hqLatitude: DecimalLike | null;
  hqLongitude: DecimalLike | null;
}

/** Prisma's name of each score column. */
export const SCORE_COLUMN = {
  climate_score: 'climateScore',
  exec_comp_score: 'execCompScore',
  us_lobbying_score: 'usLobbyingScore',
  us_tax_score: 'usTaxScore',
  price_inflation_score: 'priceInflationScore',
  repurchased_score: 'repurchasedScore',
  diverse_rep_score: 'diverseRepScore',
  diverse_pay_gap_score: 'diversePayGapScore',
  net_neutrality_score: 'netNeutralityScore',
} as const satisfies Record<ScoreField, string>;

export type ScoreRow = { periodYear: number; periodQrt: number } & {
  [F in ScoreField as (typeof SCORE_COLUMN)[F]]: DecimalLike | null;
};

/** A DATE column arrives as midnight UTC of that day. */
export function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function toNumber(value: DecimalLike | null): number | null {
  return value === null ? null : value.toNumber();
}

/** The primary industry first (it is the company's home), then the others alphabetically. */
export function orderedIndustries(primary: string, listed: readonly string[]): string[] {
  const others = listed.filter((industry) => industry !== primary).sort();
  return listed.includes(primary) ? [primary, ...others] : others;
}

export function toCompany(row: CompanyRow): Company {
  return {
    _id: row.uprightCid,
    upright_cid: row.uprightCid,
    company_name: row.companyName,
    slug: row.slug,
    brands: row.brands,
    subsidiaries: row.subsidiaries,
    industry: row.industry,
    industries: orderedIndustries(
      row.industry,
      row.industries.map((membership) => membership.industry),
    ),
    sectors: row.sectors,
    structure: row.structure,
    alt_reporting: row.altReporting,
    self_reporting: row.selfReporting,
    updated: row.updated === null ? null : isoDate(row.updated),
  };
}

export function toHeadquarters(row: HeadquartersRow): Headquarters | null {
  const headquarters: Headquarters = {
    city: row.hqCity,
    state: row.hqState,
    latitude: toNumber(row.hqLatitude),
    longitude: toNumber(row.hqLongitude),
  };
  return Object.values(headquarters).every((value) => value === null) ? null : headquarters;
}

export function toCompanyScores(row: ScoreRow): CompanyScores {
  const scores = Object.fromEntries(
    ISSUES.map(({ scoreField }) => [scoreField, toNumber(row[SCORE_COLUMN[scoreField]])]),
  ) as Record<ScoreField, number | null>;
  return { period_year: row.periodYear, period_qrt: row.periodQrt, ...scores };
}

/** What the ranking engine needs of a company and its scores (docs/product/rules.md#s5). */
export function toRankable(company: Company, scores: CompanyScores): RankableCompany {
  return {
    upright_cid: company.upright_cid,
    company_name: company.company_name,
    structure: company.structure,
    alt_reporting: company.alt_reporting,
    self_reporting: company.self_reporting,
    scores: Object.fromEntries(
      ISSUES.map((issue) => [issue.key, scores[issue.scoreField]]),
    ) as Record<IssueKey, number | null>,
  };
}
