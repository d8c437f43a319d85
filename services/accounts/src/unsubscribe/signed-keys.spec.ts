import { unsubscribeKey, validUnsubscribeKey } from './signed-keys';

describe('unsubscribe keys', () => {
  const secret = 's'.repeat(32);
  const uid = '6f1c1d1e-0c1b-4a3f-9a55-2b8f5d1f7e01';
  const other = '0a6b9a2c-7d5e-4f1a-8b3c-9d2e1f0a4b5c';

  it('is 43 base64url characters and stable per uid', () => {
    const key = unsubscribeKey(secret, uid);
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(unsubscribeKey(secret, uid)).toBe(key);
    expect(unsubscribeKey(secret, other)).not.toBe(key);
  });

  it('accepts only the key of that uid under that secret', () => {
    const key = unsubscribeKey(secret, uid);
    expect(validUnsubscribeKey(secret, uid, key)).toBe(true);
    expect(validUnsubscribeKey(secret, other, key)).toBe(false);
    expect(validUnsubscribeKey('t'.repeat(32), uid, key)).toBe(false);
    expect(validUnsubscribeKey(secret, uid, key.slice(1))).toBe(false);
    expect(validUnsubscribeKey(secret, uid, '')).toBe(false);
  });
});
