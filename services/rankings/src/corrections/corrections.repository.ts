import { Inject, Injectable } from '@nestjs/common';
import {
  ISSUES,
  isScoreField,
  type CorrectionsPageRequest,
  type DataSet,
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
export const RESOLVING_FIELDS = {
  ...LEDGER_FIELDS,
  ...COMPANY_FIELDS,
  uprightCid: true,
  industry: true,
  requesterName: true,
  requesterEmail: true,
  stagedVersion: true,
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

/** An accepted request's change, staged in the draft `versionId` (decision 0077). */
export interface StagedResolution {
  versionId: number;
  reason: string;
  resolvedBy: string;
  correctedField: ScoreField;
  before: number | null;
  after: number | null;
  sourceUrl: string;
}

/**
 * Undecided, for the admins' queue, the caps and the ledger's count: open, or staged in the draft
 * (nothing public has changed yet). Decided: accepted or rejected.
 */
export const UNDECIDED = ['open', 'staged'];
export const DECIDED = ['accepted', 'rejected'];

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

/** Every query of `correction_requests`. */
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
       WHERE status IN ('open', 'staged')
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

  /**
   * A page of the undecided requests (open, or staged in the draft), oldest first, how many there
   * are and how many of them are staged.
   */
  async open(
    page: CorrectionsPageRequest,
  ): Promise<{ rows: OpenRow[]; total: number; staged: number }> {
    const [rows, total, staged] = await this.db.$transaction([
      this.db.correctionRequest.findMany({
        where: { status: { in: UNDECIDED } },
        select: { ...RESOLVING_FIELDS, whatIsWrong: true, evidenceUrl: true },
        orderBy: [{ requestedAt: 'asc' }, { id: 'asc' }],
        ...pageWindow(page),
      }),
      this.db.correctionRequest.count({ where: { status: { in: UNDECIDED } } }),
      this.db.correctionRequest.count({ where: { status: 'staged' } }),
    ]);
    return { rows: await this.withCurrentValues(rows), total, staged };
  }

  /** The request as it is now, unlocked (the transaction that changes it locks it again). */
  find(id: number): Promise<ResolvingRow | null> {
    return this.db.correctionRequest.findUnique({ where: { id }, select: RESOLVING_FIELDS });
  }

  /**
   * The company's public score row at `period`, every score of it, as an import file's `scores`
   * row; null when there is none. What a correction stages when the draft has no row of its own.
   */
  async publicScores(uprightCid: string, period: Period): Promise<DataSet.ScoreRow | null> {
    const row = await this.db.companyScore.findUnique({ where: scoreKey(uprightCid, period) });
    if (row === null) return null;
    const scores = Object.fromEntries(
      ISSUES.map((issue) => {
        const value = (row as unknown as Record<string, Prisma.Decimal | null>)[
          SCORE_COLUMN[issue.scoreField]
        ];
        return [issue.scoreField, value === null || value === undefined ? null : value.toNumber()];
      }),
    ) as Record<ScoreField, number | null>;
    return { upright_cid: uprightCid, ...period, ...scores };
  }

  /**
   * Another request staged with a new value of the same score of the same company and period
   * (there is one draft, so it is in the draft): two new values of one figure would put only the
   * last one in the data, and the first on the ledger as if it were published.
   */
  async stagedSameScore(
    request: { id: number; uprightCid: string; field: ScoreField } & Period,
    db: Tx = this.db,
  ): Promise<{ id: number; stagedVersion: number } | null> {
    const row = await db.correctionRequest.findFirst({
      where: {
        status: 'staged',
        uprightCid: request.uprightCid,
        periodYear: request.period_year,
        periodQrt: request.period_qrt,
        correctedField: request.field,
        id: { not: request.id },
      },
      select: { id: true, stagedVersion: true },
    });
    return row === null ? null : { id: row.id, stagedVersion: Number(row.stagedVersion) };
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
   * An accepted correction is staged in the draft `versionId`: the editors' audit log records it
   * in the transaction that keeps that draft, against it (decision 0077 §6).
   */
  async auditCorrection(
    tx: Tx,
    entry: {
      actor: string;
      versionId: number;
      reference: string;
      uprightCid: string;
      field: ScoreField;
    } & Period & {
        before: number | null;
        after: number | null;
      },
  ): Promise<void> {
    const { actor, versionId, uprightCid, ...change } = entry;
    const counts = { ...change, upright_cid: uprightCid };
    await tx.$executeRaw`
      INSERT INTO rankings.data_audit_log (actor, actor_kind, action, version_id, counts)
      VALUES (${actor}, 'admin', 'correction', ${versionId}::bigint, ${JSON.stringify(counts)}::jsonb)`;
  }

  /**
   * The accepted request is staged: its change rides in the draft until that is published. Not
   * resolved yet, so the requester stays named (decision 0038 erases them at resolution).
   */
  stage(tx: Tx, id: number, staged: StagedResolution): Promise<LedgerRow> {
    return tx.correctionRequest.update({
      where: { id },
      data: {
        status: 'staged',
        stagedVersion: BigInt(staged.versionId),
        resolutionReason: staged.reason,
        resolvedBy: staged.resolvedBy,
        correctedField: staged.correctedField,
        beforeValue: staged.before,
        afterValue: staged.after,
        sourceUrl: staged.sourceUrl,
      },
      select: LEDGER_FIELDS,
    });
  }

  /** Rejects the request and erases the requester (decision 0038: kept only until resolved). */
  reject(
    tx: Tx,
    id: number,
    rejection: { reason: string; resolvedBy: string },
  ): Promise<LedgerRow> {
    return tx.correctionRequest.update({
      where: { id },
      data: {
        status: 'rejected',
        resolvedAt: new Date(),
        resolutionReason: rejection.reason,
        resolvedBy: rejection.resolvedBy,
        requesterName: null,
        requesterEmail: null,
      },
      select: LEDGER_FIELDS,
    });
  }

  /**
   * A page of the company's decided requests, most recently decided first, how many are decided
   * and how many are open (the public ledger shows open ones only as a count; a staged request is
   * open to the public: nothing public has changed yet).
   */
  async ledger(
    uprightCid: string,
    page: CorrectionsPageRequest,
  ): Promise<{ rows: LedgerRow[]; decided: number; open: number }> {
    const decided = { uprightCid, status: { in: DECIDED } };
    const [rows, decidedCount, open] = await this.db.$transaction([
      this.db.correctionRequest.findMany({
        where: decided,
        select: LEDGER_FIELDS,
        orderBy: [{ resolvedAt: 'desc' }, { id: 'desc' }],
        ...pageWindow(page),
      }),
      this.db.correctionRequest.count({ where: decided }),
      this.db.correctionRequest.count({ where: { uprightCid, status: { in: UNDECIDED } } }),
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
       WHERE status IN ('accepted', 'rejected')
         ${uprightCid === undefined ? Prisma.empty : Prisma.sql`AND upright_cid = ${uprightCid}`}`;
    return rows[0]?.seconds ?? null;
  }
}
