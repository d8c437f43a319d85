/**
 * Row builders shared by this folder's *.spec.ts files (no test-framework imports, like the
 * ranking engine's spec-support).
 */
import { Prisma } from '../generated/prisma/client';
import type { CompanyRow, ScoreRow } from './company-rows';
import type { MemberRow } from './companies.repository';

type Scores = Partial<Record<Exclude<keyof ScoreRow, 'periodYear' | 'periodQrt'>, number | null>>;

export function companyRow(uprightCid: string, given: Partial<CompanyRow> = {}): CompanyRow {
  return {
    uprightCid,
    companyName: `Company ${uprightCid}`,
    slug: `company-${uprightCid.toLowerCase()}`,
    brands: [],
    subsidiaries: [],
    industry: 'widgets',
    sectors: [],
    structure: 'Public',
    altReporting: false,
    selfReporting: false,
    updated: new Date('2026-02-14T00:00:00Z'),
    industries: [{ industry: 'widgets' }],
    ...given,
  };
}

/** Scores as Prisma returns them: Decimal, or null where missing (default 10 everywhere). */
export function scoreRow(period: [number, number], given: Scores = {}): ScoreRow {
  const values: Required<Scores> = {
    climateScore: 10,
    execCompScore: 10,
    usLobbyingScore: 10,
    usTaxScore: 10,
    priceInflationScore: 10,
    repurchasedScore: 10,
    diverseRepScore: 10,
    diversePayGapScore: 10,
    netNeutralityScore: 10,
    ...given,
  };
  const decimals = Object.fromEntries(
    Object.entries(values).map(([field, value]) => [
      field,
      value === null ? null : new Prisma.Decimal(value.toFixed(4)),
    ]),
  );
  return { periodYear: period[0], periodQrt: period[1], ...decimals } as ScoreRow;
}

export function memberRow(
  uprightCid: string,
  scores: Scores,
  given: Partial<CompanyRow> = {},
  period: [number, number] = [2026, 1],
): MemberRow {
  return { ...companyRow(uprightCid, given), scores: [scoreRow(period, scores)] };
}
