import { ERROR_TEXTS, RETRY_AFTER_SECONDS, retryLaterText } from '@upright/contracts';
import { PRODUCT_NAME } from './constants';

/**
 * docs/product/spec.md#s8 texts the web app shows itself (the server's own texts come from
 * ERROR_TEXTS).
 */
export const MESSAGES = {
  signIn: `${PRODUCT_NAME} is having some trouble signing you in. Please check your credentials and try again.`,
  verify: `${PRODUCT_NAME} is having some trouble verifying your account. Please check your credentials and try again.`,
  discontinue: `There was an error processing your request. Please wait ${RETRY_AFTER_SECONDS} seconds and try again.`,
  passwordSave: 'There was an error saving the password. Please try again',
  passwordSaveNetwork: 'There was an error saving the password. Please try again.',
  passwordSystem: 'The system encountered an error saving your password. Please try again.',
  resetRequest: 'We could not send a password reset link. Please wait a few seconds and try again.',
  hashInvalid: 'This password reset link is not valid or has expired. Please request a new one.',
  unsubscribe:
    'We could not unsubscribe you with this link. Please sign in and change your newsletter choice in account settings.',
  generic: 'Please wait a few seconds and try again.',
  technical: 'We are having technical issues. Please give it a minute or two and try again.',
  sessionExpired: ERROR_TEXTS.sessionExpired,
  discontinued:
    'Your membership has been discontinued. Your data will be deleted in 7 days; sign in before then to continue your membership.',
} as const;

/** A gateway in front, the BFF or a service behind it away or too slow to answer. */
const UNAVAILABLE_STATUSES: ReadonlySet<number> = new Set([502, 503, 504]);

/**
 * The text a failed call shows. docs/product/spec.md#s8's general texts where it places them:
 * "technical issues" when the site cannot be reached (`status` 0) or a part of it is away or too
 * slow (502–504); "generic" when a request came too soon after others (429, whether the BFF or
 * the edge refused it). Any other failure shows the server's own text.
 */
export function failureText(status: number, serverText: string): string {
  if (status === 0 || UNAVAILABLE_STATUSES.has(status)) return MESSAGES.technical;
  if (status === 429) return MESSAGES.generic;
  return serverText;
}

/**
 * A refusal for coming too soon, told with its real wait from `Retry-After` (decision 0056): the
 * spec's generic advice for a wait of a few seconds, the wait itself when it is longer.
 */
export function rateLimitedText(retryAfter: string | null): string {
  const seconds = Number(retryAfter);
  if (retryAfter === null || !Number.isFinite(seconds) || seconds <= RETRY_AFTER_SECONDS) {
    return MESSAGES.generic;
  }
  return retryLaterText(seconds);
}
