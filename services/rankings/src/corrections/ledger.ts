import {
  correctionFieldLabel,
  correctionReference,
  isCorrectionField,
  isScoreField,
  type CorrectionField,
  type CorrectionsPageRequest,
  type CorrectionStatus,
  type LedgerEntry,
  type ScoreField,
} from '@upright/contracts';
import { remoteError } from '@upright/platform';
import type { DecimalLike } from '../companies/company-rows';

/** The columns of a correction request the ledger shows (never the requester). */
export interface LedgerRow {
  id: number;
  field: string;
  periodYear: number;
  periodQrt: number;
  status: string;
  requestedAt: Date;
  resolvedAt: Date | null;
  resolutionReason: string | null;
  correctedField: string | null;
  beforeValue: DecimalLike | null;
  afterValue: DecimalLike | null;
  sourceUrl: string | null;
}

const numberOf = (value: DecimalLike | null): number | null =>
  value === null ? null : value.toNumber();

/** A stored field is one the service checked on the way in; anything else is a broken row. */
function storedField(field: string): CorrectionField {
  if (!isCorrectionField(field)) throw new Error(`correction with unknown field ${field}`);
  return field;
}

export function toLedgerEntry(row: LedgerRow): LedgerEntry {
  const field = storedField(row.field);
  const corrected = row.correctedField === null ? null : storedField(row.correctedField);
  return {
    reference: correctionReference(row.id),
    field,
    field_label: correctionFieldLabel(field),
    period_year: row.periodYear,
    period_qrt: row.periodQrt,
    status: row.status as CorrectionStatus,
    requested_at: row.requestedAt.toISOString(),
    resolved_at: row.resolvedAt?.toISOString() ?? null,
    corrected_field: corrected !== null && isScoreField(corrected) ? corrected : null,
    corrected_field_label: corrected === null ? null : correctionFieldLabel(corrected),
    before_value: numberOf(row.beforeValue),
    after_value: numberOf(row.afterValue),
    reason: row.resolutionReason,
    source_url: row.sourceUrl,
  };
}

/** The rows before a page (1-based) and the page's own. */
export function pageWindow({ page, size }: CorrectionsPageRequest): { skip: number; take: number } {
  return { skip: (page - 1) * size, take: size };
}

/**
 * The score an accepted correction changes: the one the admin names, else the one asked about.
 * A rank is made from scores, so a request about a rank needs the admin to name the score.
 */
export function scoreToCorrect(asked: CorrectionField, named: ScoreField | undefined): ScoreField {
  if (named !== undefined) return named;
  if (isScoreField(asked)) return asked;
  throw remoteError(
    'validation_failed',
    `corrected_field must name the score to change: the request is about the ${correctionFieldLabel(asked)}`,
    'corrected_field',
  );
}
