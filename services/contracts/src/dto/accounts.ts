import { z } from 'zod';
import {
  ISSUES,
  PRIORITY_DEFAULT,
  PRIORITY_MAX,
  PRIORITY_MIN,
  SERVER_SPELLING_OF_CLIENT_FIELD,
  type AverageField,
  type ClientPriorityField,
  type IssueKey,
} from '../issues';
import type { IssueWeights } from './rankings';

/**
 * Spec §3 Averages: the mean of each server priority over weighted, not discontinued members,
 * 2 decimals; 5 everywhere when there are none (decisions §4). Visitors' rankings use them.
 */
export type Averages = { readonly [F in AverageField]: number };

/** `average_<x>` for the issue whose server priority is `value_<x>`, in issue order. */
export const AVERAGE_FIELD_OF_ISSUE: Readonly<Record<IssueKey, AverageField>> = Object.fromEntries(
  ISSUES.map((issue) => [issue.key, issue.serverPriority.replace(/^value_/, 'average_')]),
) as Record<IssueKey, AverageField>;

export const AVERAGE_FIELDS: readonly AverageField[] = Object.values(AVERAGE_FIELD_OF_ISSUE);

// ---------------------------------------------------------------------------------------------
// Priorities (spec §3, decisions §4)

/**
 * The client priority fields of spec §3 that weigh no ranking yet: stored and shown as
 * "not ranked yet" (decisions §4). The nine ranked ones are `ISSUES[].clientPriority`.
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
 * The stored (server) name of a client priority: `value_<x>` for the nine issues (decisions §4),
 * `value_<server spelling>` for the others (spec §3 names some differently).
 */
export function serverPriorityFieldOf(field: AnyClientPriorityField): string {
  const issue = ISSUES.find((candidate) => candidate.clientPriority === field);
  if (issue) return issue.serverPriority;
  return `value_${SERVER_SPELLING_OF_CLIENT_FIELD[field] ?? field}`;
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
  /** Decisions §4: the nine ranked values differ from all-5. */
  weighted: boolean;
  /** Client fields that weigh no ranking yet (shown as "not ranked yet"). */
  not_ranked_yet: readonly NotRankedPriorityField[];
  /** ISO time of the last save; null = never saved (no personal ranking yet). */
  prefs_updated: string | null;
}

/** `PUT /api/priorities` answer (spec §7: success, values, weighted). */
export interface PrioritiesSaved {
  success: true;
  values: PriorityValues;
  weighted: boolean;
}

// ---------------------------------------------------------------------------------------------
// Users and sessions (spec §3 User)

export const ROLES = ['public', 'member', 'admin'] as const;
export type Role = (typeof ROLES)[number];
export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

/** Spec §3 User as the API answers it (never the password hash or tokens). */
export interface User {
  uid: string;
  email: string;
  first_name: string;
  last_name: string;
  subscriber: boolean;
  role: Exclude<Role, 'public'>;
  /** `verified` once the member followed the mailed verification link. */
  status: 'verified' | 'unverified';
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

/** Sign-in and sign-up (spec §3: user and token). */
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
   * Saved priorities as ranking weights, null unless saved and not discontinued (decisions §5
   * rule 7). Part of the session answer so a personal ranking costs one accounts call, not two.
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
// Request bodies. One set of field rules for the BFF (HTTP bodies), accounts (messages) and the
// web's forms. Messages complete "<field> …", as the BFF's ZodValidationPipe reports them.

export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;
/** Decisions §8. */
export const PASSWORD_MIN_LENGTH = 10;
/** Bounds the work of hashing an attacker's input. */
export const PASSWORD_MAX_LENGTH = 200;
export const MESSAGE_MAX_LENGTH = 5000;
/** A solved ALTCHA payload (base64 JSON) is far below this. */
export const CAPTCHA_PAYLOAD_MAX_LENGTH = 4000;
/** Reset and verification hashes are 43 base64url characters. */
const HASH_RULE = 'must be a link code of 43 letters, digits, "-" or "_"';

/**
 * A request body: a JSON object with exactly these fields. An unknown field (a `uid` or
 * `email` of someone else included) is refused, not ignored.
 */
export function strictBody<T extends z.core.$ZodLooseShape>(shape: T) {
  return z.strictObject(shape, {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `must not contain the unknown field(s) ${issue.keys.join(', ')}`
        : issue.code === 'invalid_type'
          ? 'must be a JSON object'
          : undefined,
  });
}

const nameSchema = z
  .string('must be text')
  .trim()
  .min(1, 'must not be empty')
  .max(NAME_MAX_LENGTH, `must be at most ${NAME_MAX_LENGTH} characters`);

export const emailSchema = z
  .string('must be an email address')
  .trim()
  .max(EMAIL_MAX_LENGTH, `must be at most ${EMAIL_MAX_LENGTH} characters`)
  .pipe(z.email('must be an email address'));

/** Length only; the common-password rule is checked by accounts against its bundled list. */
export const newPasswordSchema = z
  .string('must be text')
  .min(PASSWORD_MIN_LENGTH, `must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `must be at most ${PASSWORD_MAX_LENGTH} characters`);

/** A password being checked, not chosen: any length the hasher accepts. */
export const givenPasswordSchema = z
  .string('must be text')
  .min(1, 'must not be empty')
  .max(PASSWORD_MAX_LENGTH, `must be at most ${PASSWORD_MAX_LENGTH} characters`);

export const linkHashSchema = z.string(HASH_RULE).regex(/^[A-Za-z0-9_-]{43}$/, HASH_RULE);

export const captchaPayloadSchema = z
  .string('must be the solved captcha')
  .min(1, 'must be the solved captcha')
  .max(CAPTCHA_PAYLOAD_MAX_LENGTH, 'must be the solved captcha');

/** Sign-up form (decisions §8). The birth year is only checked, never stored. */
export const signupBodySchema = strictBody({
  first_name: nameSchema,
  last_name: nameSchema,
  email: emailSchema,
  password: newPasswordSchema,
  birth_year: z.int('must be a whole number').min(1900, 'must be 1900 or later'),
  individual: z.literal(true, 'must be true: members are individuals, not companies'),
  subscriber: z.boolean('must be true or false').default(false),
  altcha: captchaPayloadSchema,
});
export type SignupBody = z.output<typeof signupBodySchema>;
export type SignupRequest = Omit<SignupBody, 'altcha'>;

export const signinBodySchema = strictBody({
  email: emailSchema,
  password: givenPasswordSchema,
});
export type SigninRequest = z.output<typeof signinBodySchema>;

/** `POST /api/verify`: the mailed link's hash, or (spec §7) email and password. */
export const verifyBodySchema = z.union([strictBody({ hash: linkHashSchema }), signinBodySchema], {
  error: 'must be { hash } from the mailed link, or { email, password }',
});
export type VerifyRequest = z.output<typeof verifyBodySchema>;

const priorityValueSchema = z
  .int(`must be a whole number from ${PRIORITY_MIN} to ${PRIORITY_MAX}`)
  .min(PRIORITY_MIN, `must be a whole number from ${PRIORITY_MIN} to ${PRIORITY_MAX}`)
  .max(PRIORITY_MAX, `must be a whole number from ${PRIORITY_MIN} to ${PRIORITY_MAX}`);

/** `PUT /api/priorities`: any of the client fields; the ones left out keep their values. */
export const prioritiesBodySchema = strictBody(
  Object.fromEntries(
    CLIENT_PRIORITY_FIELDS.map((field) => [field, priorityValueSchema.optional()]),
  ) as Record<AnyClientPriorityField, z.ZodOptional<typeof priorityValueSchema>>,
);
export type PrioritiesBody = Partial<PriorityValues>;

export const settingsBodySchema = strictBody({
  first_name: nameSchema.optional(),
  last_name: nameSchema.optional(),
  email: emailSchema.optional(),
  subscriber: z.boolean('must be true or false').optional(),
  theme: z.enum(THEMES, `must be one of: ${THEMES.join(', ')}`).optional(),
  /** Required to change the email or the password. */
  current_password: givenPasswordSchema.optional(),
  new_password: newPasswordSchema.optional(),
}).superRefine((body, context) => {
  if ((body.email !== undefined || body.new_password !== undefined) && !body.current_password) {
    context.addIssue({
      code: 'custom',
      path: ['current_password'],
      message: 'must be given to change the email or the password',
    });
  }
});
export type SettingsBody = z.output<typeof settingsBodySchema>;

export const unsubscribeBodySchema = strictBody({
  uid: z.uuid('must be a member id'),
  key: z
    .string('must be the key from the mail')
    .regex(/^[A-Za-z0-9_-]{43}$/, 'must be the key from the mail'),
});
export type UnsubscribeRequest = z.output<typeof unsubscribeBodySchema>;

/** Contact form (`POST /api/message`); `report_title` when it asks for a correction. */
export const messageBodySchema = strictBody({
  name: nameSchema,
  email: emailSchema,
  message: z
    .string('must be text')
    .trim()
    .min(1, 'must not be empty')
    .max(MESSAGE_MAX_LENGTH, `must be at most ${MESSAGE_MAX_LENGTH} characters`),
  report_title: z
    .string('must be text')
    .trim()
    .max(300, 'must be at most 300 characters')
    .nullable()
    .default(null),
  altcha: captchaPayloadSchema,
});
export type MessageBody = z.output<typeof messageBodySchema>;
export type MessageRequest = Omit<MessageBody, 'altcha'> & { uid: string | null };

export const resetBodySchema = strictBody({ email: emailSchema, altcha: captchaPayloadSchema });
export type ResetRequest = Omit<z.output<typeof resetBodySchema>, 'altcha'>;

export const resetPasswordBodySchema = strictBody({
  hash: linkHashSchema,
  password: newPasswordSchema,
});
export type ResetPasswordRequest = z.output<typeof resetPasswordBodySchema>;

/** `GET /api/captcha`: an ALTCHA challenge as the `altcha` widget (v3, PoW v2) fetches it. */
export interface CaptchaChallenge {
  parameters: Record<string, unknown>;
  signature?: string;
}
