import { remoteError } from '@upright/platform';
import { commonPasswords } from './common-passwords';
import { newPasswordProblem } from './password-rules';

/**
 * Refuses a new password (sign-up, settings, reset) that breaks docs/product/rules.md#s8, answered
 * as `validation_failed` on the request's own field.
 */
export function checkNewPassword(password: string, field: 'password' | 'new_password'): void {
  const problem = newPasswordProblem(password, commonPasswords());
  if (problem) throw remoteError('validation_failed', `${field} ${problem}`, field);
}
