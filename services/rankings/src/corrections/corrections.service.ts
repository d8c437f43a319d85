import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  CORRECTION_PROMISE_DAYS,
  correctionFieldLabel,
  correctionReference,
  isCorrectionField,
  mailJobId,
  type AcceptCorrectionRequest,
  type CorrectionField,
  type CorrectionLedgerRequest,
  type CorrectionLedgerResponse,
  type CorrectionMailSubject,
  type CorrectionReceipt,
  type CorrectionRequest,
  type IdempotencyKeyed,
  type LedgerEntry,
  type OpenCorrection,
  type OpenCorrectionsRequest,
  type OpenCorrectionsResponse,
  type Period,
  type RejectCorrectionRequest,
} from '@upright/contracts';
import { RedisConnection, remoteError, SERVICE_CONFIG } from '@upright/platform';
import { CompaniesRepository } from '../companies/companies.repository';
import type { RankingsConfig } from '../config';
import { announceDataChange, moveLedgerVersions } from '../rankings-cache/data-version';
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

const periodOf = (row: { periodYear: number; periodQrt: number }): Period => ({
  period_year: row.periodYear,
  period_qrt: row.periodQrt,
});

const quarter = (period: Period): string => `Q${period.period_qrt} ${period.period_year}`;

function fieldOf(row: { field: string }): CorrectionField {
  if (!isCorrectionField(row.field)) throw new Error(`correction with unknown field ${row.field}`);
  return row.field;
}

function mailSubject(row: ResolvingRow): CorrectionMailSubject {
  return {
    reference: correctionReference(row.id),
    company: {
      company_name: row.company.companyName,
      industry: row.industry,
      slug: row.company.slug,
    },
    field_label: correctionFieldLabel(fieldOf(row)),
    period: periodOf(row),
  };
}

/**
 * Corrections with a public ledger (decision 0038): requests are stored and
 * acknowledged at once; an admin accepts one (its new value is written to the company's scores
 * as new data, announced like an import) or rejects it; every resolution is public, the
 * requester's name and address are not, and are erased when the request is resolved. Open
 * requests are capped per company and per requester, and the ledger only counts them until they
 * are decided.
 */
@Injectable()
export class CorrectionsService {
  private readonly logger = new Logger(CorrectionsService.name);

  constructor(
    private readonly repository: CorrectionsRepository,
    private readonly companies: CompaniesRepository,
    private readonly mail: CorrectionMail,
    private readonly redis: RedisConnection,
    @Inject(SERVICE_CONFIG) private readonly config: RankingsConfig,
    private readonly cache: RankingsCache,
  ) {}

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
    const { rows, total } = await this.repository.open(request);
    return {
      corrections: rows.flatMap((row) => {
        const open = withRequester(row);
        return open ? [this.toOpenCorrection(open)] : [];
      }),
      page: { ...request, total },
    };
  }

  async accept(request: AcceptCorrectionRequest): Promise<LedgerEntry> {
    const { resolved, uprightCid } = await this.repository.transaction(async (tx) => {
      // First, as a publish or a rollback does (decision 0077): one waits for the other.
      await this.repository.lockPublicVersion(tx);
      const row = await this.lockOpen(tx, request.id);
      const field = scoreToCorrect(fieldOf(row), request.corrected_field);
      const period = periodOf(row);
      const before = await this.repository.lockScore(tx, row.uprightCid, period, field);
      if (before === undefined) {
        throw remoteError(
          'conflict',
          `${row.company.companyName} has no data for ${quarter(period)} any more: reject the request instead`,
          'id',
        );
      }
      await this.repository.writeScore(tx, row.uprightCid, period, field, request.after_value);
      await this.repository.auditCorrection(tx, {
        actor: request.resolved_by,
        reference: correctionReference(row.id),
        uprightCid: row.uprightCid,
        field,
        ...period,
        before,
        after: request.after_value,
      });
      const resolved = await this.repository.resolve(tx, row.id, {
        status: 'accepted',
        reason: request.reason,
        resolvedBy: request.resolved_by,
        correctedField: field,
        before,
        after: request.after_value,
        sourceUrl: request.source_url,
      });
      await this.mailResolution(row, resolved);
      return { resolved, uprightCid: row.uprightCid };
    });
    await Promise.all([this.announceNewData(uprightCid), this.announceLedgerChange()]);
    return toLedgerEntry(resolved);
  }

  async reject(request: RejectCorrectionRequest): Promise<LedgerEntry> {
    const resolved = await this.repository.transaction(async (tx) => {
      const row = await this.lockOpen(tx, request.id);
      const resolved = await this.repository.resolve(tx, row.id, {
        status: 'rejected',
        reason: request.reason,
        resolvedBy: request.resolved_by,
      });
      await this.mailResolution(row, resolved);
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

  /** The request, locked; 404 when there is none, 409 when it was resolved already. */
  private async lockOpen(tx: Tx, id: number): Promise<ResolvingRow & Requester> {
    const row = await this.repository.lockForResolution(tx, id);
    if (row === null) throw remoteError('not_found', `Unknown correction request ${id}`, 'id');
    const open = row.status === 'open' ? withRequester(row) : null;
    if (open === null) {
      throw remoteError(
        'conflict',
        `Correction request ${correctionReference(id)} was already ${row.status}`,
        'id',
      );
    }
    return open;
  }

  private async mailResolution(row: ResolvingRow & Requester, resolved: LedgerRow): Promise<void> {
    const entry = toLedgerEntry(resolved);
    const subject = mailSubject(row);
    await this.mail.send(
      'correction-resolved',
      {
        requester: { name: row.requesterName, email: row.requesterEmail },
        correction: subject,
        outcome: entry.status === 'accepted' ? 'accepted' : 'rejected',
        correctedFieldLabel: entry.corrected_field_label,
        before: entry.before_value,
        after: entry.after_value,
        reason: entry.reason ?? '',
      },
      mailJobId.correctionResolved(subject.reference),
    );
  }

  /**
   * After the commit, as an import does: every industry of the company has new data. A lost
   * announcement must not undo or fail what is committed (the requester would ask again): it is
   * logged, and cached rankings expire within 15 minutes anyway.
   */
  private async announceNewData(uprightCid: string): Promise<void> {
    try {
      const industries = await this.repository.industriesOf(uprightCid);
      await announceDataChange(this.redis.redis, this.config.TRANSPORT_PREFIX, industries);
    } catch (error) {
      this.logger.error(`Could not announce a correction: ${String(error)}`);
    }
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
    };
  }
}

/** An open request still names its requester (the database checks it). */
type Requester = { requesterName: string; requesterEmail: string };

function withRequester<T extends ResolvingRow>(row: T): (T & Requester) | null {
  const { requesterName, requesterEmail } = row;
  return requesterName === null || requesterEmail === null
    ? null
    : { ...row, requesterName, requesterEmail };
}
