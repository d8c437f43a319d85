/** Every /api error body (docs/product/rules.md#s3). */
export interface ErrorBody {
  error: { code: ErrorCode; message: string; field?: string };
}

export const ERROR_CODES = [
  'validation_failed',
  'unauthenticated',
  'forbidden',
  'not_found',
  'conflict',
  'payload_too_large',
  'rate_limited',
  'service_unavailable',
  'deadline_exceeded',
  'internal',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const HTTP_STATUS_OF_ERROR: Readonly<Record<ErrorCode, number>> = {
  validation_failed: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  rate_limited: 429,
  service_unavailable: 503,
  deadline_exceeded: 504,
  internal: 500,
};

/** docs/product/spec.md#s9: retry advice is 15 seconds. */
export const RETRY_AFTER_SECONDS = 15;

/** The most a client adds at random to a `Retry-After` wait, as a share of it. */
const RETRY_JITTER = 0.5;

/**
 * How long a client told `Retry-After: <seconds>` waits before it asks again: that long, plus up
 * to half as long again at random, so that the clients one busy moment turned away do not all
 * come back in the same moment (decision 0069).
 */
export function retryWaitMs(seconds: number, random: () => number = Math.random): number {
  return seconds * 1000 * (1 + RETRY_JITTER * random());
}

/** User-facing texts of docs/product/spec.md#s8 that the server produces. */
export const ERROR_TEXTS = {
  retryLater: `Please wait ${RETRY_AFTER_SECONDS} seconds and try again.`,
  serviceUnavailable: `The service is temporarily unavailable. Please wait ${RETRY_AFTER_SECONDS} seconds and try again.`,
  deadlineExceeded: `The request took too long to answer. Please wait ${RETRY_AFTER_SECONDS} seconds and try again.`,
  unknown:
    'They system has encountered an unknown error. Consider refreshing this page and trying again.',
  sessionExpired: 'It looks like your session has expired. Please sign back in.',
  // Accounts (docs/product/spec.md#s8 where it gives the text; the product name is left out so it
  // stays one config value).
  signinFailed:
    'We are having some trouble signing you in. Please check your credentials and try again.',
  verifyFailed:
    'We are having some trouble verifying your account. Please check your credentials and try again.',
  discontinueFailed: `There was an error processing your request. Please wait ${RETRY_AFTER_SECONDS} seconds and try again.`,
  discontinueCanceled: 'Your account discontinuation has been canceled.',
  membershipDiscontinued:
    'Your membership is being discontinued. Continue your membership to use your account.',
  passwordSaveFailed: 'The system encountered an error saving your password. Please try again.',
  resetHashInvalid:
    'This password reset link is not valid or has expired. Please request a new password reset.',
  verifyHashInvalid: 'This verification link is not valid or has expired.',
  contactFailed:
    'There was a error and your message was not sent. Try refreshing this page and sending your message again.',
  emailTaken:
    'An account with this email address already exists. Please sign in or reset your password.',
  underage: 'You must be 13 or older to join.',
  commonPassword: 'must not be a commonly used password',
  wrongPassword: 'is not correct',
  captchaFailed: 'The captcha could not be verified. Please solve it again.',
  csrfFailed: 'This request is missing its security token. Please refresh the page and try again.',
  adminOnly: 'Only an administrator can do this.',
  unsubscribeInvalid: 'This unsubscribe link is not valid.',
  // Corrections: caps on requests still open, per requester and per company.
  correctionsOpenPerRequester:
    'You already have as many open correction requests as we accept from one address. Please wait until we have answered one of them and try again.',
  correctionsOpenPerCompany:
    'This company already has as many open correction requests as we can review at once. Please wait until we have answered some of them and try again.',
} as const;

/**
 * The retry advice for a refusal whose real wait is `seconds` (decision 0056): the spec's text up
 * to its 15 seconds; beyond, the wait itself, so "15 seconds" is never said of ten minutes.
 */
export function retryLaterText(seconds: number): string {
  if (seconds <= RETRY_AFTER_SECONDS) return ERROR_TEXTS.retryLater;
  if (seconds < 60) return `Please wait ${Math.ceil(seconds)} seconds and try again.`;
  const minutes = Math.ceil(seconds / 60);
  return `Please wait ${minutes === 1 ? '1 minute' : `${minutes} minutes`} and try again.`;
}

/**
 * What a service replies when a handler fails on purpose (bad input, not found, …).
 * The transport carries it unchanged; the BFF turns it into an ErrorBody with its status.
 */
export interface RemoteErrorPayload {
  code: ErrorCode;
  message: string;
  field?: string;
}

export function isRemoteErrorPayload(value: unknown): value is RemoteErrorPayload {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return (
    typeof candidate.code === 'string' &&
    (ERROR_CODES as readonly string[]).includes(candidate.code) &&
    typeof candidate.message === 'string'
  );
}
