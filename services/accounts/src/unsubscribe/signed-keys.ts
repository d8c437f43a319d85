import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The key of a member's unsubscribe link: HMAC-SHA256 over the uid with UNSUBSCRIBE_SECRET,
 * base64url. Anyone holding the mail can unsubscribe that member and nobody else; no state.
 */
export function unsubscribeKey(secret: string, uid: string): string {
  return createHmac('sha256', secret).update(`unsubscribe:${uid}`, 'utf8').digest('base64url');
}

export function validUnsubscribeKey(secret: string, uid: string, key: string): boolean {
  const expected = Buffer.from(unsubscribeKey(secret, uid));
  const given = Buffer.from(key);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
