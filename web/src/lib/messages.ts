import { ERROR_TEXTS, RETRY_AFTER_SECONDS } from '@upright/contracts';
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
