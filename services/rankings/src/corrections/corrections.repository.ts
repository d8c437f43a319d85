import { Inject, Injectable } from '@nestjs/common';
import { isScoreField, type Period, type ScoreField } from '@upright/contracts';
import { DATABASE } from '@upright/platform';
import { Prisma, type PrismaClient } from '../generated/prisma/client';
import { SCORE_COLUMN } from '../companies/company-rows';
import type { LedgerRow } from './ledger';

export type Tx = Prisma.TransactionClient;

const LEDGER_FIELDS = {
  id: true,
  field: true,
  periodYear: true,
  periodQrt: true,
  status: true,
  requestedAt: true,
  resolvedAt: true,
  resolutionReason: true,
  correctedField: true,
  beforeValue: true,
  afterValue: true,
  sourceUrl: true,
} satisfies Prisma.CorrectionRequestSelect;

const COMPANY_FIELDS = {
  company: { select: { uprightCid: true, companyName: true, slug: true } },
} satisfies Prisma.CorrectionRequestSelect;

/** A request as the service resolves it: what the mails and the ledger need. */
const RESOLVING_FIELDS = {
  ...LEDGER_FIELDS,
  ...COMPANY_FIELDS,
  uprightCid: true,
  industry: true,
  requesterName: true,
  requesterEmail: true,
} satisfies Prisma.CorrectionRequestSelect;

export type ResolvingRow = Prisma.CorrectionRequestGetPayload<{ select: typeof RESOLVING_FIELDS }>;
/** An open request in the admin queue, with the value of the score it names now. */
export type OpenRow = ResolvingRow & {
  whatIsWrong: string;
  evidenceUrl: string;
  currentValue: number | null;
};

export interface NewCorrection extends Period {
  uprightCid: string;
  industry: string;
  field: string;
  requesterName: string;
  requesterEmail: string;
  whatIsWrong: string;
  evidenceUrl: string;
}

export interface Resolution {
  status: 'accepted' | 'rejected';
  reason: string;
  resolvedBy: string;
  correctedField?: ScoreField;
  before?: number | null;
  after?: number | null;
  sourceUrl?: string;
}

const scoreKey = (uprightCid: string, period: Period) => ({
  uprightCid_periodYear_periodQrt: {
    uprightCid,
    periodYear: period.period_year,
    periodQrt: period.period_qrt,
  },
});

/** Every query of `correction_requests`, and the score writes an accepted correction makes. */
@Injectable()
export class CorrectionsRepository {
  constructor(@Inject(DATABASE) private readonly db: PrismaClient) {}

  transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    return this.db.$transaction(work);
  }

  async hasScores(uprightCid: string, period: Period): Promise<boolean> {
    const row = await this.db.companyScore.findUnique({
      where: scoreKey(uprightCid, period),
      select: { uprightCid: true },
    });
    return row !== null;
  }

  insert(tx: Tx, correction: NewCorrection): Promise<{ id: number }> {
    const { period_year, period_qrt, ...rest } = correction;
    return tx.correctionRequest.create({
      data: { ...rest, periodYear: period_year, periodQrt: period_qrt },
      select: { id: true },
    });
  }

  /** The open requests, oldest first (a queue of a few dozen at most). */
  async open(): Promise<OpenRow[]> {
    const rows = await this.db.correctionRequest.findMany({
      where: { status: 'open' },
      select: { ...RESOLVING_FIELDS, whatIsWrong: true, evidenceUrl: true },
      orderBy: [{ requestedAt: 'asc' }, { id: 'asc' }],
    });
    return Promise.all(
      rows.map(async (row) => ({
        ...row,
        currentValue: isScoreField(row.field)
          ? await this.score(
              row.uprightCid,
              { period_year: row.periodYear, period_qrt: row.periodQrt },
              row.field,
            )
          : null,
      })),
    );
  }

  private async score(
    uprightCid: string,
    period: Period,
    field: ScoreField,
  ): Promise<number | null> {
    const column = SCORE_COLUMN[field];
    const row = await this.db.companyScore.findUnique({
      where: scoreKey(uprightCid, period),
      select: { [column]: true },
    });
    const value = (row as Record<string, Prisma.Decimal | null> | null)?.[column] ?? null;
    return value === null ? null : value.toNumber();
  }

  /** Locks the request until the transaction ends: two admins cannot resolve it both. */
  async lockForResolution(tx: Tx, id: number): Promise<ResolvingRow | null> {
    const locked = await tx.$queryRaw<unknown[]>`
      SELECT 1 FROM rankings.correction_requests WHERE id = ${id} FOR UPDATE`;
    if (locked.length === 0) return null;
    return tx.correctionRequest.findUnique({ where: { id }, select: RESOLVING_FIELDS });
  }

  /**
   * The score now, locked against a concurrent import; undefined when the company has no score
   * row at the period any more. The column comes from the contracts' issue table only.
   */
  async lockScore(
    tx: Tx,
    uprightCid: string,
    period: Period,
    field: ScoreField,
  ): Promise<number | null | undefined> {
    const rows = await tx.$queryRaw<Array<{ value: Prisma.Decimal | null }>>`
      SELECT ${Prisma.raw(`"${field}"`)} AS value FROM rankings.company_scores
       WHERE upright_cid = ${uprightCid} AND period_year = ${period.period_year}
         AND period_qrt = ${period.period_qrt}
         FOR UPDATE`;
    if (rows.length === 0) return undefined;
    return rows[0]!.value === null ? null : rows[0]!.value.toNumber();
  }

  async writeScore(
    tx: Tx,
    uprightCid: string,
    period: Period,
    field: ScoreField,
    value: number | null,
  ): Promise<void> {
    await tx.companyScore.update({
      where: scoreKey(uprightCid, period),
      data: { [SCORE_COLUMN[field]]: value },
    });
  }

  /** Closes the request and erases the requester (decision 0038: kept only while open). */
  resolve(tx: Tx, id: number, resolution: Resolution): Promise<LedgerRow> {
    return tx.correctionRequest.update({
      where: { id },
      data: {
        status: resolution.status,
        resolvedAt: new Date(),
        resolutionReason: resolution.reason,
        resolvedBy: resolution.resolvedBy,
        correctedField: resolution.correctedField ?? null,
        beforeValue: resolution.before ?? null,
        afterValue: resolution.after ?? null,
        sourceUrl: resolution.sourceUrl ?? null,
        requesterName: null,
        requesterEmail: null,
      },
      select: LEDGER_FIELDS,
    });
  }

  ledger(uprightCid: string): Promise<LedgerRow[]> {
    return this.db.correctionRequest.findMany({
      where: { uprightCid },
      select: LEDGER_FIELDS,
      orderBy: [{ requestedAt: 'desc' }, { id: 'desc' }],
    });
  }

  /** Seconds from request to resolution of every resolved request (of one company, or all). */
  async resolutionSeconds(uprightCid?: string): Promise<number[]> {
    const rows = await this.db.$queryRaw<Array<{ seconds: number }>>`
      SELECT extract(epoch FROM resolved_at - requested_at)::float8 AS seconds
        FROM rankings.correction_requests
       WHERE status <> 'open'
         ${uprightCid === undefined ? Prisma.empty : Prisma.sql`AND upright_cid = ${uprightCid}`}`;
    return rows.map((row) => row.seconds);
  }

  async industriesOf(uprightCid: string): Promise<string[]> {
    const rows = await this.db.companyIndustry.findMany({
      where: { uprightCid },
      select: { industry: true },
    });
    return rows.map((row) => row.industry);
  }
}
