import { Inject, Injectable } from '@nestjs/common';
import {
  isScoreField,
  type CorrectionsPageRequest,
  type Period,
  type ScoreField,
} from '@upright/contracts';
import { DATABASE } from '@upright/platform';
import { Prisma, type PrismaClient } from '../generated/prisma/client';
import { SCORE_COLUMN } from '../companies/company-rows';
import { pageWindow, type LedgerRow } from './ledger';
import type { OpenCounts } from './open-caps';

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
  /** The digest of the user action that sent it (decision 0050), when the BFF gave one. */
  idempotencyKey?: string;
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

/**
 * Advisory lock spaces (first key of `pg_advisory_xact_lock(int, int)`): one per kind of cap, so a
 * company's key can never be a requester's. Every request takes its company's lock before its
 * requester's, so two requests cannot wait for each other.
 */
const COMPANY_CAP_LOCK = 250_001;
const REQUESTER_CAP_LOCK = 250_002;

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

  /**
   * Open requests of the company and of the requester (by `correction_requester_key`, migration
   * `20261126140000`), counted under locks held until the transaction ends: a concurrent request
   * for the same company or address waits, then counts this one's row once it is committed.
   */
  async lockOpenCounts(tx: Tx, uprightCid: string, email: string): Promise<OpenCounts> {
    await tx.$executeRaw`
      SELECT pg_advisory_xact_lock(${COMPANY_CAP_LOCK}::int4, hashtext(${uprightCid}))`;
    await tx.$executeRaw`
      SELECT pg_advisory_xact_lock(${REQUESTER_CAP_LOCK}::int4,
                                   hashtext(rankings.correction_requester_key(${email})))`;
    const rows = await tx.$queryRaw<OpenCounts[]>`
      SELECT count(*) FILTER (WHERE upright_cid = ${uprightCid})::int AS company,
             count(*) FILTER (WHERE requester_key = rankings.correction_requester_key(${email}))::int
               AS requester
        FROM rankings.correction_requests
       WHERE status = 'open'
         AND (upright_cid = ${uprightCid}
              OR requester_key = rankings.correction_requester_key(${email}))`;
    return rows[0]!;
  }

  /** The request an earlier try of the same user action stored, if one committed. */
  storedByKey(tx: Tx, idempotencyKey: string): Promise<{ id: number } | null> {
    return tx.correctionRequest.findUnique({ where: { idempotencyKey }, select: { id: true } });
  }

  insert(tx: Tx, correction: NewCorrection): Promise<{ id: number }> {
    const { period_year, period_qrt, ...rest } = correction;
    return tx.correctionRequest.create({
      data: { ...rest, periodYear: period_year, periodQrt: period_qrt },
      select: { id: true },
    });
  }

  /** A page of the open requests, oldest first, and how many are open. */
  async open(page: CorrectionsPageRequest): Promise<{ rows: OpenRow[]; total: number }> {
    const [rows, total] = await this.db.$transaction([
      this.db.correctionRequest.findMany({
        where: { status: 'open' },
        select: { ...RESOLVING_FIELDS, whatIsWrong: true, evidenceUrl: true },
        orderBy: [{ requestedAt: 'asc' }, { id: 'asc' }],
        ...pageWindow(page),
      }),
      this.db.correctionRequest.count({ where: { status: 'open' } }),
    ]);
    return { rows: await this.withCurrentValues(rows), total };
  }

  private withCurrentValues(
    rows: Array<ResolvingRow & { whatIsWrong: string; evidenceUrl: string }>,
  ): Promise<OpenRow[]> {
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

  /**
   * An accepted correction changes the public data in place: it holds the public version's row,
   * as a publish or a rollback does, so it never runs between a publish's check and its switch.
   */
  async lockPublicVersion(tx: Tx): Promise<void> {
    await tx.$queryRaw`SELECT version_id FROM rankings.data_versions WHERE state = 'public' FOR UPDATE`;
  }

  /**
   * An accepted correction changes the public data: the editors' audit log records it in the same
   * transaction, against the public version (decision 0077 §6).
   */
  async auditCorrection(
    tx: Tx,
    entry: { actor: string; reference: string; uprightCid: string; field: ScoreField } & Period & {
        before: number | null;
        after: number | null;
      },
  ): Promise<void> {
    const { actor, uprightCid, ...change } = entry;
    const counts = { ...change, upright_cid: uprightCid };
    await tx.$executeRaw`
      INSERT INTO rankings.data_audit_log (actor, actor_kind, action, version_id, counts)
      SELECT ${actor}, 'admin', 'correction', version_id, ${JSON.stringify(counts)}::jsonb
        FROM rankings.data_versions WHERE state = 'public'`;
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

  /**
   * A page of the company's decided requests, most recently decided first, how many are decided
   * and how many are open (the public ledger shows open ones only as a count).
   */
  async ledger(
    uprightCid: string,
    page: CorrectionsPageRequest,
  ): Promise<{ rows: LedgerRow[]; decided: number; open: number }> {
    const decided = { uprightCid, status: { not: 'open' } };
    const [rows, decidedCount, open] = await this.db.$transaction([
      this.db.correctionRequest.findMany({
        where: decided,
        select: LEDGER_FIELDS,
        orderBy: [{ resolvedAt: 'desc' }, { id: 'desc' }],
        ...pageWindow(page),
      }),
      this.db.correctionRequest.count({ where: decided }),
      this.db.correctionRequest.count({ where: { uprightCid, status: 'open' } }),
    ]);
    return { rows, decided: decidedCount, open };
  }

  /**
   * The median seconds from request to resolution of the resolved requests (of one company, or
   * all): worked out by Postgres, so it costs no more as requests accumulate. percentile_cont
   * takes the mean of the middle two of an even count; null when none is resolved.
   */
  async medianResolutionSeconds(uprightCid?: string): Promise<number | null> {
    const rows = await this.db.$queryRaw<Array<{ seconds: number | null }>>`
      SELECT percentile_cont(0.5) WITHIN GROUP (
               ORDER BY extract(epoch FROM resolved_at - requested_at))::float8 AS seconds
        FROM rankings.correction_requests
       WHERE status <> 'open'
         ${uprightCid === undefined ? Prisma.empty : Prisma.sql`AND upright_cid = ${uprightCid}`}`;
    return rows[0]?.seconds ?? null;
  }

  async industriesOf(uprightCid: string): Promise<string[]> {
    const rows = await this.db.companyIndustry.findMany({
      where: { uprightCid },
      select: { industry: true },
    });
    return rows.map((row) => row.industry);
  }
}
