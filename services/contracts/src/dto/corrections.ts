import { ISSUES, type ScoreField } from '../issues';
import type { Period } from './rankings';

// ---------------------------------------------------------------------------------------------
// Corrections with a public ledger (decision 0038). Types and rules the web app shares
// (zod-free: the schemas are in corrections.schemas.ts).

/** The promise shown on every ledger page and in the acknowledgement mail. */
export const CORRECTION_PROMISE_DAYS = 14;

/** Longest "what is wrong", reason and URL accepted. */
export const CORRECTION_TEXT_MAX_LENGTH = 2000;
export const CORRECTION_URL_MAX_LENGTH = 2000;

/**
 * Pages of the public ledger and of the admins' queue: a page holds at most
 * CORRECTION_PAGE_SIZE_MAX entries and is at most page CORRECTION_PAGE_MAX, so no answer grows
 * with the number of requests.
 */
export const CORRECTION_PAGE_SIZE_DEFAULT = 20;
export const CORRECTION_PAGE_SIZE_MAX = 50;
export const CORRECTION_PAGE_MAX = 1000;

/**
 * `?page=` of the ledger's and the queue's pages (the web app and the server that renders them):
 * 1 when absent; null when it names no page (the page is then not found).
 */
export function correctionPageOf(value: string | null): number | null {
  if (value === null) return 1;
  if (!/^[1-9][0-9]{0,9}$/.test(value)) return null;
  const page = Number(value);
  return page <= CORRECTION_PAGE_MAX ? page : null;
}

/** Which page of a list to answer; 1-based. */
export interface CorrectionsPageRequest {
  page: number;
  size: number;
}

/** Where a page is in its list: `total` entries over every page. */
export interface CorrectionsPage extends CorrectionsPageRequest {
  total: number;
}

/**
 * `open` until an admin decides; `staged` once accepted, while its change rides in the editors'
 * desk's draft (decision 0077), then `accepted` when that draft is published — or `open` again
 * when the draft is discarded or replaced by an uploaded file; `rejected`. The public ledger
 * counts a staged request as open: nothing public has changed yet.
 */
export const CORRECTION_STATUSES = ['open', 'staged', 'accepted', 'rejected'] as const;
export type CorrectionStatus = (typeof CORRECTION_STATUSES)[number];

export const SCORE_FIELDS: readonly ScoreField[] = ISSUES.map((issue) => issue.scoreField);

/**
 * Ranks a visitor may point at; a rank is made from scores, so accepting such a request changes
 * a score field the admin names.
 */
export const CORRECTABLE_RANK_FIELDS = [
  'normalized_rank',
  'arank',
  ...ISSUES.map((issue) => `${issue.key}_rank` as const),
] as const;
export type CorrectableRankField = (typeof CORRECTABLE_RANK_FIELDS)[number];

/** Every figure or rank of the company page a correction may be asked for. */
export const CORRECTION_FIELDS: readonly CorrectionField[] = [
  ...SCORE_FIELDS,
  ...CORRECTABLE_RANK_FIELDS,
];
export type CorrectionField = ScoreField | CorrectableRankField;

export function isScoreField(field: string): field is ScoreField {
  return (SCORE_FIELDS as readonly string[]).includes(field);
}

export function isCorrectionField(field: string): field is CorrectionField {
  return (CORRECTION_FIELDS as readonly string[]).includes(field);
}

/** "Climate score", "US lobbying rank", "Overall rank": the ledger's and the mails' words. */
export function correctionFieldLabel(field: CorrectionField): string {
  if (field === 'normalized_rank') return 'Overall rank';
  if (field === 'arank') return 'Weighted rank';
  const issue = ISSUES.find((one) => one.scoreField === field || `${one.key}_rank` === field);
  if (!issue) return field;
  return `${issue.label} ${field.endsWith('_rank') ? 'rank' : 'score'}`;
}

/** A public reference: what the requester is mailed and the ledger shows. */
export function correctionReference(id: number): string {
  return `C-${id}`;
}

/** `rankings.corrections.request`: what a visitor asks, as the BFF forwards it (no captcha). */
export interface CorrectionRequest extends Period {
  industry: string;
  /** The company's slug in `industry`, as in the company page's path. */
  company: string;
  field: CorrectionField;
  name: string;
  email: string;
  what_is_wrong: string;
  evidence_url: string;
}

export interface CorrectionReceipt {
  reference: string;
  promise_days: number;
}

/** The company a correction is about, enough to link its page and its ledger. */
export interface CorrectionCompany {
  upright_cid: string;
  company_name: string;
  industry: string;
  slug: string;
}

/** What an admin accepted of a staged request: its change, in draft `version_id` (decision 0077). */
export interface StagedChange {
  version_id: number;
  corrected_field: ScoreField;
  corrected_field_label: string;
  /** null = no data. */
  after_value: number | null;
  reason: string;
}

/**
 * An undecided request in the admin queue (open, or staged in the draft): the only answer with the
 * requester's name and email.
 */
export interface OpenCorrection extends Period {
  id: number;
  reference: string;
  company: CorrectionCompany;
  field: CorrectionField;
  field_label: string;
  /** The field's stored value now when it is a score (null = no data); null for a rank. */
  current_value: number | null;
  requester_name: string;
  requester_email: string;
  what_is_wrong: string;
  evidence_url: string;
  /** ISO time. */
  requested_at: string;
  /** Set once an admin accepted it: its change waits in the draft until that is published. */
  staged: StagedChange | null;
}

/** `rankings.corrections.list-open`: one page of the admins' queue (page 1 and the default size when left out). */
export type OpenCorrectionsRequest = Partial<CorrectionsPageRequest>;

export interface OpenCorrectionsResponse {
  /** Oldest first, open and staged ones (`staged` set) alike. */
  corrections: OpenCorrection[];
  /** Of `page.total`, how many are staged in the draft. */
  staged: number;
  page: CorrectionsPage;
}

/**
 * `rankings.corrections.accept`: the new value is staged in the editors' desk's draft (decision
 * 0077); it becomes public data, and the request `accepted`, when that draft is published.
 */
export interface AcceptCorrectionRequest {
  id: number;
  /** The score changed; may be left out when the request named a score. */
  corrected_field?: ScoreField;
  /** null = no data. */
  after_value: number | null;
  source_url: string;
  reason: string;
  /** The admin's uid. */
  resolved_by: string;
}

export interface RejectCorrectionRequest {
  id: number;
  reason: string;
  resolved_by: string;
}

/** The answer to an accept: the request, now `staged`, and the draft that carries its change. */
export interface StagedCorrection extends LedgerEntry {
  staged_version: number;
}

/** One line of a company's public ledger: nothing about who asked. */
export interface LedgerEntry extends Period {
  reference: string;
  field: CorrectionField;
  field_label: string;
  status: CorrectionStatus;
  requested_at: string;
  resolved_at: string | null;
  corrected_field: ScoreField | null;
  corrected_field_label: string | null;
  before_value: number | null;
  after_value: number | null;
  reason: string | null;
  source_url: string | null;
}

/** Page 1 and the default size when left out. */
export interface CorrectionLedgerRequest extends Partial<CorrectionsPageRequest> {
  industry: string;
  company: string;
}

/**
 * `GET /api/corrections/us/{industry}/{company}`: the company's ledger. Open requests are only
 * counted until they are decided (nobody can fill a company's public page with
 * requests); `entries` is one page of the decided ones, most recently decided first.
 */
export interface CorrectionLedger {
  company: CorrectionCompany;
  promise_days: number;
  /** Median seconds from request to resolution, over every resolved request; null when none. */
  median_resolution_seconds: { site: number | null; company: number | null };
  open_requests: number;
  entries: LedgerEntry[];
  page: CorrectionsPage;
}

/** null = no such company in that industry. */
export type CorrectionLedgerResponse = CorrectionLedger | null;
