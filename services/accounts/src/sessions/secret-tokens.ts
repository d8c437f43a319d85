import { createHash, randomBytes } from 'node:crypto';

/**
 * Bearer tokens and mailed link codes: 32 random bytes, base64url (43 characters). Only their
 * SHA-256 is stored; the clear value exists in the member's cookie or mail alone. A fast hash
 * suffices because the value has 256 bits of entropy (no guessing to slow down).
 */
export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashOfToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
