import {
  ISSUES,
  PRIORITY_DEFAULT,
  SERVER_SPELLING_OF_CLIENT_FIELD,
  type AverageField,
  type ClientPriorityField,
  type IssueKey,
} from '../issues';
import type { IssueWeights } from './rankings';

/**
 * docs/product/spec.md#s3 Averages: the mean of each server priority over weighted, not
 * discontinued members, 2 decimals; 5 everywhere when there are none (docs/product/rules.md#s4).
 * Visitors' rankings use them.
 */
export type Averages = { readonly [F in AverageField]: number };

/** `average_<x>` for the issue whose server priority is `value_<x>`, in issue order. */
export const AVERAGE_FIELD_OF_ISSUE: Readonly<Record<IssueKey, AverageField>> = Object.fromEntries(
  ISSUES.map((issue) => [issue.key, issue.serverPriority.replace(/^value_/, 'average_')]),
) as Record<IssueKey, AverageField>;

export const AVERAGE_FIELDS: readonly AverageField[] = Object.values(AVERAGE_FIELD_OF_ISSUE);

// ---------------------------------------------------------------------------------------------
// Priorities (docs/product/spec.md#s3, docs/product/rules.md#s4)

/**
 * The client priority fields of docs/product/spec.md#s3 that weigh no ranking yet: stored and shown
 * as "not ranked yet" (docs/product/rules.md#s4). The nine ranked ones are
 * `ISSUES[].clientPriority`.
 */
export const NOT_RANKED_PRIORITY_FIELDS = [
  'charitable_giving',
  'fair_competition',
  'local',
  'waste_pollution',
  'sustainable_sourcing',
  'consumer_privacy',
  'hiring_discrimination',
  'child_labor',
  'labor',
  'conflict_sourcing',
  'political_expenditures',
  'transparency',
] as const;
export type NotRankedPriorityField = (typeof NOT_RANKED_PRIORITY_FIELDS)[number];

/** Every client priority field the API speaks, ranked ones first (issue order). */
export const CLIENT_PRIORITY_FIELDS: readonly (ClientPriorityField | NotRankedPriorityField)[] = [
  ...ISSUES.map((issue) => issue.clientPriority),
  ...NOT_RANKED_PRIORITY_FIELDS,
];
export type AnyClientPriorityField = ClientPriorityField | NotRankedPriorityField;

/** A member's priority values as the API speaks them: client names, integers 0–10. */
export type PriorityValues = { [F in AnyClientPriorityField]: number };

/**
 * The stored (server) name of a client priority: `value_<x>` for the nine issues
 * (docs/product/rules.md#s4), `value_<server spelling>` for the others (docs/product/spec.md#s3
 * names some differently).
 */
export function serverPriorityFieldOf(field: AnyClientPriorityField): string {
  const issue = ISSUES.find((candidate) => candidate.clientPriority === field);
  if (issue) return issue.serverPriority;
  return `value_${SERVER_SPELLING_OF_CLIENT_FIELD[field] ?? field}`;
}

/**
 * A member's values as weights of the ranking (docs/product/rules.md#s5 rule 7): shared by accounts
 * (saved priorities) and the browser (the priorities page's live preview).
 */
export function issueWeightsOf(values: PriorityValues): IssueWeights {
  return Object.fromEntries(
    ISSUES.map((issue) => [issue.key, values[issue.clientPriority]]),
  ) as IssueWeights;
}

export const DEFAULT_PRIORITY_VALUES: Readonly<PriorityValues> = Object.freeze(
  Object.fromEntries(
    CLIENT_PRIORITY_FIELDS.map((field) => [field, PRIORITY_DEFAULT]),
  ) as PriorityValues,
);

/** `GET /api/priorities`. */
export interface PrioritiesResponse {
  uid: string;
  values: PriorityValues;
  /** docs/product/rules.md#s4: the nine ranked values differ from all-5. */
  weighted: boolean;
  /** Client fields that weigh no ranking yet (shown as "not ranked yet"). */
  not_ranked_yet: readonly NotRankedPriorityField[];
  /** ISO time of the last save; null = never saved (no personal ranking yet). */
  prefs_updated: string | null;
}

/** `PUT /api/priorities` answer (docs/product/spec.md#s7: success, values, weighted). */
export interface PrioritiesSaved {
  success: true;
  values: PriorityValues;
  weighted: boolean;
}

// ---------------------------------------------------------------------------------------------
// Users and sessions (docs/product/spec.md#s3 User)

export const ROLES = ['public', 'member', 'admin'] as const;
export type Role = (typeof ROLES)[number];
export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

/** docs/product/spec.md#s3 User as the API answers it (never the password hash or tokens). */
export interface User {
  uid: string;
  email: string;
  first_name: string;
  last_name: string;
  subscriber: boolean;
  role: Exclude<Role, 'public'>;
  /**
   * docs/product/spec.md#s3/#s4: verified after sign-in, sign-up success or verification. Every
   * User the API answers belongs to someone who has just done one of these or holds a session
   * that began with one, so it is always `verified` (decision 0047).
   */
  status: 'verified';
  /**
   * The mailed link of the member's current address was followed. Rank alerts go only to such
   * addresses and `make admin` grants by email only to them (decision 0047).
   */
  email_verified: boolean;
  authenticated: true;
  welcome_sent: boolean;
  /** A member may ask to discontinue unless a request is already pending. */
  canDiscontinue: boolean;
  discontinue: boolean;
  /** ISO time of the request; null unless discontinuation is pending. */
  discontinue_date: string | null;
  /** ISO time when the member's data is deleted; null unless pending (7 days after the request). */
  discontinue_final: string | null;
  prefs_updated: string | null;
  theme: Theme;
}

/** Sign-in and sign-up (docs/product/spec.md#s3: user and token). */
export interface AuthResponse {
  user: User;
  token: string;
}

/** What the BFF's guards know about the caller (agreements: AuthenticatedMember + state). */
export interface SessionMember {
  uid: string;
  email: string;
  role: 'member' | 'admin';
  /** Discontinuation pending: only the overlay's calls are allowed. */
  discontinued: boolean;
  /**
   * Saved priorities as ranking weights, null unless saved and not discontinued
   * (docs/product/rules.md#s5 rule 7). Part of the session answer so a personal ranking costs one
   * accounts call, not two.
   */
  weights: IssueWeights | null;
}

export interface Settings {
  uid: string;
  email: string;
  first_name: string;
  last_name: string;
  subscriber: boolean;
  theme: Theme;
}

export interface SettingsSaved {
  success: true;
  user: User;
  /** Other sessions revoked because the password changed. */
  sessions_revoked: number;
}

export interface DiscontinueResponse {
  discontinue: true;
  discontinue_date: string;
  discontinue_final: string;
}

export interface CancelDiscontinueResponse {
  email: string;
  discontinue: false;
  discontinue_date: null;
  discontinue_final: null;
  user: User;
  /** 'Your account discontinuation has been canceled.' */
  message: string;
}

// ---------------------------------------------------------------------------------------------
// Request bodies: the field limits. The zod schemas using them live in accounts.schemas.ts, so
// the web bundle reads these without zod.

export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;
/** docs/product/rules.md#s8. */
export const PASSWORD_MIN_LENGTH = 10;
/** Bounds the work of hashing an attacker's input. */
export const PASSWORD_MAX_LENGTH = 200;
export const MESSAGE_MAX_LENGTH = 5000;
/** A solved ALTCHA payload (base64 JSON) is far below this. */
export const CAPTCHA_PAYLOAD_MAX_LENGTH = 4000;
/** `GET /api/captcha`: an ALTCHA challenge as the `altcha` widget (v3, PoW v2) fetches it. */
export interface CaptchaChallenge {
  parameters: Record<string, unknown>;
  signature?: string;
}
