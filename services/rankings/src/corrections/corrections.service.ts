import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  CORRECTION_PROMISE_DAYS,
  correctionFieldLabel,
  correctionReference,
  mailJobId,
  type AcceptCorrectionRequest,
  type CorrectionLedgerRequest,
  type CorrectionLedgerResponse,
  type CorrectionReceipt,
  type CorrectionRequest,
  type IdempotencyKeyed,
  type LedgerEntry,
  type OpenCorrection,
  type OpenCorrectionsRequest,
  type OpenCorrectionsResponse,
  type Period,
  type RejectCorrectionRequest,
  type ScoreField,
  type StagedChange,
  type StagedCorrection,
} from '@upright/contracts';
import { DATABASE, RedisConnection, remoteError, SERVICE_CONFIG } from '@upright/platform';
import { CompaniesRepository } from '../companies/companies.repository';
import type { RankingsConfig } from '../config';
import { DataDesk } from '../data-desk/data-desk';
import { answeringRefusals } from '../data-desk/refusal';
import type { PrismaClient } from '../generated/prisma/client';
import { moveLedgerVersions } from '../rankings-cache/data-version';
import { RankingsCache } from '../rankings-cache/rankings-cache';
import { CorrectionMail } from './correction-mail.queue';
import {
  CorrectionsRepository,
  type OpenRow,
  type ResolvingRow,
  type Tx,
} from './corrections.repository';
import { scoreToCorrect, toLedgerEntry, type LedgerRow } from './ledger';
import { capError, capReached } from './open-caps';
import { fieldOf, resolutionMail, withRequester, type Requester } from './resolution-mail';

const periodOf = (row: { periodYear: number; periodQrt: number }): Period => ({
  period_year: row.periodYear,
  period_qrt: row.periodQrt,
});

const quarter = (period: Period): string => `Q${period.period_qrt} ${period.period_year}`;

/**
 * Corrections with a public ledger (decision 0038): requests are stored and acknowledged at once;
 * an admin accepts one — its new value is staged in the editors' desk's draft, and becomes public
 * data when that draft is published (decision 0077) — or rejects it; every resolution is public,
 * the requester's name and address are not, and are erased when the request is resolved. Open
 * requests (staged ones too) are capped per company and per requester, and the ledger only counts
 * them until they are decided.
 */
@Injectable()
export class CorrectionsService {
  private readonly logger = new Logger(CorrectionsService.name);

  private readonly desk: DataDesk;

  constructor(
    private readonly repository: CorrectionsRepository,
    private readonly companies: CompaniesRepository,
    private readonly mail: CorrectionMail,
    private readonly redis: RedisConnection,
    @Inject(SERVICE_CONFIG) private readonly config: RankingsConfig,
    private readonly cache: RankingsCache,
    @Inject(DATABASE) db: PrismaClient,
  ) {
    // Only its stage is used here, which announces nothing (nothing public changes).
    this.desk = new DataDesk(db, null);
  }

  async request(request: IdempotencyKeyed<CorrectionRequest>): Promise<CorrectionReceipt> {
    const company = await this.companies.companyBySlug(request.industry, request.company);
    if (company === null) {
      throw remoteError(
        'not_found',
        `Unknown company "${request.company}" in "${request.industry}"`,
        'company',
      );
    }
    const period = { period_year: request.period_year, period_qrt: request.period_qrt };
    if (!(await this.repository.hasScores(company.uprightCid, period))) {
      throw remoteError(
        'not_found',
        `${company.companyName} has no data for ${quarter(period)}`,
        'period_year',
      );
    }
    // The receipt is queued inside the transaction: a request is stored only with its mail.
    const reference = await this.repository.transaction(async (tx) => {
      const open = await this.repository.lockOpenCounts(tx, company.uprightCid, request.email);
      // After the company's lock: a try of the same action waits for the first to commit, then
      // finds its row here (the unique key column is the backstop). This closes the window
      // IdempotentWrites leaves between the commit and its kept reply (decision 0050).
      if (request.idempotencyKey !== undefined) {
        const stored = await this.repository.storedByKey(tx, request.idempotencyKey);
        if (stored !== null) return correctionReference(stored.id);
      }
      const cap = capReached(open, {
        company: this.config.CORRECTIONS_OPEN_PER_COMPANY,
        requester: this.config.CORRECTIONS_OPEN_PER_REQUESTER,
      });
      if (cap !== null) throw capError(cap);
      const { id } = await this.repository.insert(tx, {
        uprightCid: company.uprightCid,
        industry: request.industry,
        field: request.field,
        ...period,
        requesterName: request.name,
        requesterEmail: request.email,
        whatIsWrong: request.what_is_wrong,
        evidenceUrl: request.evidence_url,
        idempotencyKey: request.idempotencyKey,
      });
      const receipt = correctionReference(id);
      await this.mail.send(
        'correction-received',
        {
          // Only the address: a receipt quotes nothing the requester wrote (decision 0041).
          requester: { email: request.email },
          correction: {
            reference: receipt,
            company: {
              company_name: company.companyName,
              industry: request.industry,
              slug: company.slug,
            },
            field_label: correctionFieldLabel(request.field),
            period,
          },
          promiseDays: CORRECTION_PROMISE_DAYS,
        },
        mailJobId.correctionReceived(receipt),
      );
      return receipt;
    });
    await this.announceLedgerChange();
    return { reference, promise_days: CORRECTION_PROMISE_DAYS };
  }

  async open(request: Required<OpenCorrectionsRequest>): Promise<OpenCorrectionsResponse> {
    const { rows, total, staged } = await this.repository.open(request);
    return {
      corrections: rows.flatMap((row) => {
        const open = withRequester(row);
        return open ? [this.toOpenCorrection(open)] : [];
      }),
      staged,
      page: { ...request, total },
    };
  }

  /**
   * Accepting stages the new value in the editors' desk's draft (decision 0077), nothing public
   * changes: the draft's file (a new one when there is none) with the company's score row at the
   * period upserted is staged in place of the draft, and in the transaction that keeps it the
   * request becomes `staged` and the audit log records the correction. Publishing the draft makes
   * it public data and the request `accepted` (its mail is sent then); discarding the draft, or
   * replacing it with an uploaded file, makes it open again. Synchronous: a draft of a few rows
   * stages in well under a second, one of 50,000 companies in about 35 s.
   */
  async accept(request: AcceptCorrectionRequest): Promise<StagedCorrection> {
    // Checked before the stage too, so a decided request or a missing row costs no stage.
    const asked = await this.repository.find(request.id);
    if (asked === null) {
      throw remoteError('not_found', `Unknown correction request ${request.id}`, 'id');
    }
    const open = this.openOrRefuse(request.id, asked);
    const field = scoreToCorrect(fieldOf(open), request.corrected_field);
    const period = periodOf(open);
    const publicRow = await this.repository.publicScores(open.uprightCid, period);
    if (publicRow === null) {
      throw remoteError(
        'conflict',
        `${open.company.companyName} has no data for ${quarter(period)} any more: reject the request instead`,
        'id',
      );
    }
    const change = { id: open.id, uprightCid: open.uprightCid, field, ...period };
    await this.refuseSecondValue(change);
    const before = publicRow[field];
    let staged: LedgerRow | undefined;
    const versionId = await answeringRefusals(() =>
      this.desk.stageCorrection(
        { publicRow, field, after: request.after_value },
        { name: request.resolved_by, kind: 'admin' },
        async (tx, versionId) => {
          // The request may have been decided meanwhile: then nothing of this stage is kept.
          const row = await this.lockOpen(tx, request.id);
          await this.refuseSecondValue(change, tx);
          await this.repository.auditCorrection(tx, {
            actor: request.resolved_by,
            versionId,
            reference: correctionReference(row.id),
            uprightCid: row.uprightCid,
            field,
            ...period,
            before,
            after: request.after_value,
          });
          staged = await this.repository.stage(tx, row.id, {
            versionId,
            reason: request.reason,
            resolvedBy: request.resolved_by,
            correctedField: field,
            before,
            after: request.after_value,
            sourceUrl: request.source_url,
          });
        },
      ),
    );
    // The ledger counts a staged request as open, as it did: nothing it shows has changed.
    return { ...toLedgerEntry(staged!), staged_version: versionId };
  }

  async reject(request: RejectCorrectionRequest): Promise<LedgerEntry> {
    const resolved = await this.repository.transaction(async (tx) => {
      const row = await this.lockOpen(tx, request.id);
      const resolved = await this.repository.reject(tx, row.id, {
        reason: request.reason,
        resolvedBy: request.resolved_by,
      });
      const mail = resolutionMail({
        ...row,
        status: resolved.status,
        resolvedAt: resolved.resolvedAt,
        resolutionReason: resolved.resolutionReason,
      });
      await this.mail.send('correction-resolved', mail.data, mail.jobId);
      return resolved;
    });
    await this.announceLedgerChange();
    return toLedgerEntry(resolved);
  }

  /**
   * A company's public ledger, kept per ledger version and the industry's data version (issue
   * 22): every view used to read Postgres; an unknown company or industry is not kept.
   */
  async ledger(request: Required<CorrectionLedgerRequest>): Promise<CorrectionLedgerResponse> {
    const view = await this.cache.open(request.industry);
    const load = () => this.loadLedger(request);
    if (view.version === 'missing') {
      const ledger = await load();
      // As for rankings, only an industry that exists gets a version key (kept from then on).
      if (ledger !== null) await this.cache.initialise(request.industry);
      return ledger;
    }
    const version = view.ledgerVersion ?? (await this.cache.initialiseLedger());
    if (version === null) return load();
    return view.getOrLoadCompanyRead(
      `ledger\n${version}\n${request.company}\n${request.page}\n${request.size}`,
      load,
      (ledger) => ledger !== null,
    );
  }

  private async loadLedger(
    request: Required<CorrectionLedgerRequest>,
  ): Promise<CorrectionLedgerResponse> {
    const company = await this.companies.companyBySlug(request.industry, request.company);
    if (company === null) return null;
    const page = { page: request.page, size: request.size };
    const [{ rows, decided, open }, site, own] = await Promise.all([
      this.repository.ledger(company.uprightCid, page),
      this.repository.medianResolutionSeconds(),
      this.repository.medianResolutionSeconds(company.uprightCid),
    ]);
    return {
      company: {
        upright_cid: company.uprightCid,
        company_name: company.companyName,
        industry: request.industry,
        slug: company.slug,
      },
      promise_days: CORRECTION_PROMISE_DAYS,
      median_resolution_seconds: { site, company: own },
      open_requests: open,
      entries: rows.map(toLedgerEntry),
      page: { ...page, total: decided },
    };
  }

  /** The request, locked; 404 when there is none, 409 when it was decided or staged already. */
  private async lockOpen(tx: Tx, id: number): Promise<ResolvingRow & Requester> {
    const row = await this.repository.lockForResolution(tx, id);
    if (row === null) throw remoteError('not_found', `Unknown correction request ${id}`, 'id');
    return this.openOrRefuse(id, row);
  }

  private openOrRefuse(id: number, row: ResolvingRow): ResolvingRow & Requester {
    const open = row.status === 'open' ? withRequester(row) : null;
    if (open === null) {
      const where = row.status === 'staged' ? ` in draft ${row.stagedVersion}` : '';
      throw remoteError(
        'conflict',
        `Correction request ${correctionReference(id)} was already ${row.status}${where}`,
        'id',
      );
    }
    return open;
  }

  /** 409 when another request already stages a new value of the same score (decision 0077). */
  private async refuseSecondValue(
    change: { id: number; uprightCid: string; field: ScoreField } & Period,
    tx?: Tx,
  ): Promise<void> {
    const other = await this.repository.stagedSameScore(change, tx);
    if (other === null) return;
    throw remoteError(
      'conflict',
      `Correction request ${correctionReference(other.id)} already stages a new ${correctionFieldLabel(change.field)} for ${quarter(change)} in draft ${other.stagedVersion}: publish or discard that draft first`,
      'id',
    );
  }

  /**
   * After a commit that changes what a ledger shows. Lost, it leaves kept ledgers as they were
   * until they expire (15 minutes): logged, never failing what is committed.
   */
  private async announceLedgerChange(): Promise<void> {
    try {
      await moveLedgerVersions(this.redis.redis, this.config.TRANSPORT_PREFIX);
    } catch (error) {
      this.logger.error(`Could not announce a ledger change: ${String(error)}`);
    }
  }

  private toOpenCorrection(row: OpenRow & Requester): OpenCorrection {
    const field = fieldOf(row);
    return {
      id: row.id,
      reference: correctionReference(row.id),
      company: {
        upright_cid: row.uprightCid,
        company_name: row.company.companyName,
        industry: row.industry,
        slug: row.company.slug,
      },
      field,
      field_label: correctionFieldLabel(field),
      current_value: row.currentValue,
      ...periodOf(row),
      requester_name: row.requesterName,
      requester_email: row.requesterEmail,
      what_is_wrong: row.whatIsWrong,
      evidence_url: row.evidenceUrl,
      requested_at: row.requestedAt.toISOString(),
      staged: stagedChange(row),
    };
  }
}

/** A staged request's change, as the admins' queue shows it; null for an open one. */
function stagedChange(row: OpenRow): StagedChange | null {
  if (row.status !== 'staged' || row.stagedVersion === null) return null;
  const entry = toLedgerEntry(row);
  if (entry.corrected_field === null)
    throw new Error(`staged correction ${row.id} without a field`);
  return {
    version_id: Number(row.stagedVersion),
    corrected_field: entry.corrected_field,
    corrected_field_label: entry.corrected_field_label!,
    after_value: entry.after_value,
    reason: entry.reason ?? '',
  };
}
