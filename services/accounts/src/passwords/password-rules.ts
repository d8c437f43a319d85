import { PASSWORD_MIN_LENGTH } from '@upright/contracts';

/**
 * docs/product/rules.md#s8: at least 10 characters and not a common password. The length rule is
 * checked by the shared body schema; this adds the list check, which only accounts holds. The list:
 * zxcvbn-ts's `passwords-common` dictionary (@zxcvbn-ts/language-common, MIT), about 49,000
 * passwords most seen in breaches, compared case-insensitively.
 */
export interface CommonPasswords {
  has(lowercased: string): boolean;
}

/** The problem with a new password (completing "password …"), or null when it is acceptable. */
export function newPasswordProblem(password: string, common: CommonPasswords): string | null {
  if ([...password].length < PASSWORD_MIN_LENGTH) {
    return `must be at least ${PASSWORD_MIN_LENGTH} characters`;
  }
  if (common.has(password.toLowerCase())) return 'must not be a commonly used password';
  return null;
}
