import { Inject, Injectable } from '@nestjs/common';
import type { Period } from '@upright/contracts';
import { DATABASE } from '@upright/platform';
import type { Prisma } from '../generated/prisma/client';
import type { CompanyRow, HeadquartersRow, ScoreRow } from './company-rows';
import type { DetailRow, PeerRow, ShownEntry } from './company-detail';
import type { MemberScope } from './ranked-set';

/** The columns `toCompany` maps; search-documents reads the same ones. */
export const COMPANY_FIELDS = {
  uprightCid: true,
  companyName: true,
  slug: true,
  brands: true,
  subsidiaries: true,
  industry: true,
  sectors: true,
  structure: true,
  altReporting: true,
  selfReporting: true,
  updated: true,
  industries: { select: { industry: true } },
} satisfies Prisma.CompanySelect;

const SCORE_FIELDS = {
  periodYear: true,
  periodQrt: true,
  climateScore: true,
  execCompScore: true,
  usLobbyingScore: true,
  usTaxScore: true,
  priceInflationScore: true,
  repurchasedScore: true,
  diverseRepScore: true,
  diversePayGapScore: true,
  netNeutralityScore: true,
} satisfies Prisma.CompanyScoreSelect;

export type MemberRow = CompanyRow & { scores: ScoreRow[] };

export type CompanyPageRow = Omit<CompanyRow, 'industries'> &
  HeadquartersRow & {
    industries: Array<{ industry: string; ofIndustry: { industryText: string; active: boolean } }>;
  };

function membersOf(industry: string, scope: MemberScope): Prisma.CompanyWhereInput {
  const listed: Prisma.CompanyWhereInput = { industries: { some: { industry } } };
  // Primary members are a subset of the listed ones, whatever the data says.
  return scope === 'primary' ? { ...listed, industry } : listed;
}

function atPeriod(period: Period) {
  return { periodYear: period.period_year, periodQrt: period.period_qrt };
}

/**
 * The site's reads of the data tables. Any client will do, a transaction's too: the editors' desk
 * reads a draft's data with it inside the transaction it rolls back (decision 0077).
 */
@Injectable()
export class CompaniesRepository {
  constructor(@Inject(DATABASE) private readonly db: Prisma.TransactionClient) {}

  /** The active industry listing the fewest companies (at least `min`); by slug among equals. */
  async smallestActiveIndustry(min: number): Promise<string | null> {
    const rows = await this.db.$queryRaw<Array<{ industry: string }>>`
      SELECT ci.industry
        FROM rankings.company_industries ci
        JOIN rankings.industries i ON i.industry = ci.industry
       WHERE i.active
       GROUP BY ci.industry
      HAVING count(*) >= ${min}
       ORDER BY count(*), ci.industry
       LIMIT 1`;
    return rows[0]?.industry ?? null;
  }

  /** The latest period in which some member of the industry has scores. */
  async latestPeriod(industry: string, scope: MemberScope): Promise<Period | null> {
    const latest = await this.db.companyScore.findFirst({
      where: { company: membersOf(industry, scope) },
      select: { periodYear: true, periodQrt: true },
      orderBy: [{ periodYear: 'desc' }, { periodQrt: 'desc' }],
    });
    return latest && { period_year: latest.periodYear, period_qrt: latest.periodQrt };
  }

  /** Every period in which some member of the industry has scores, oldest first. */
  async periods(industry: string, scope: MemberScope): Promise<Period[]> {
    const rows = await this.db.companyScore.findMany({
      where: { company: membersOf(industry, scope) },
      distinct: ['periodYear', 'periodQrt'],
      select: { periodYear: true, periodQrt: true },
      orderBy: [{ periodYear: 'asc' }, { periodQrt: 'asc' }],
    });
    return rows.map((row) => ({ period_year: row.periodYear, period_qrt: row.periodQrt }));
  }

  /** The members with scores at `period`, each with exactly that period's scores. */
  membersAt(industry: string, scope: MemberScope, period: Period): Promise<MemberRow[]> {
    return this.db.company.findMany({
      where: { ...membersOf(industry, scope), scores: { some: atPeriod(period) } },
      select: { ...COMPANY_FIELDS, scores: { where: atPeriod(period), select: SCORE_FIELDS } },
      orderBy: { uprightCid: 'asc' },
    });
  }

  /** A company of the industry by its slug (slugs of different companies may collide). */
  companyBySlug(industry: string, slug: string): Promise<CompanyPageRow | null> {
    return this.db.company.findFirst({
      where: { ...membersOf(industry, 'listed'), slug },
      select: {
        ...COMPANY_FIELDS,
        hqCity: true,
        hqState: true,
        hqLatitude: true,
        hqLongitude: true,
        industries: {
          select: { industry: true, ofIndustry: { select: { industryText: true, active: true } } },
        },
      },
      orderBy: { uprightCid: 'asc' },
    });
  }

  /** Every detail row of the company; the merge picks the latest of each table. */
  detailRows(uprightCid: string): Promise<DetailRow[]> {
    return this.db.companyDetail.findMany({
      where: { uprightCid },
      select: {
        detailTable: true,
        periodYear: true,
        periodQrt: true,
        metrics: true,
        sourcePublisher: true,
        sourceUrl: true,
        sourceDate: true,
      },
    });
  }

  /** The detail rows of the industry's companies for these tables and periods (for peers). */
  async industryDetailRows(industry: string, entries: readonly ShownEntry[]): Promise<PeerRow[]> {
    if (entries.length === 0) return [];
    return this.db.companyDetail.findMany({
      where: {
        company: membersOf(industry, 'listed'),
        OR: entries.map((entry) => ({ detailTable: entry.table, ...atPeriod(entry) })),
      },
      select: { detailTable: true, periodYear: true, periodQrt: true, metrics: true },
    });
  }

  /** The rows of these companies, tables and period: the figures of a report on an issue. */
  detailRowsAt(
    uprightCids: readonly string[],
    tables: readonly string[],
    period: Period,
  ): Promise<Array<DetailRow & { uprightCid: string }>> {
    if (uprightCids.length === 0 || tables.length === 0) return Promise.resolve([]);
    return this.db.companyDetail.findMany({
      where: {
        uprightCid: { in: [...uprightCids] },
        detailTable: { in: [...tables] },
        ...atPeriod(period),
      },
      select: {
        uprightCid: true,
        detailTable: true,
        periodYear: true,
        periodQrt: true,
        metrics: true,
        sourcePublisher: true,
        sourceUrl: true,
        sourceDate: true,
      },
    });
  }
}
