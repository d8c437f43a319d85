import { randomBytes } from 'node:crypto';
import { OpenedSessionCookies, sealToken, sessionCookieKey, unsealToken } from './session-cookie';

describe('session cookie sealing', () => {
  const key = randomBytes(32);
  const token = 'N2k8c3p0bGF5LXRva2VuLWZvci10ZXN0cy0xMjM0NTY';

  it('opens what it sealed, with a fresh IV each time', () => {
    const first = sealToken(key, token);
    const second = sealToken(key, token);
    expect(first).not.toBe(second);
    expect(first).not.toContain(token);
    expect(unsealToken(key, first)).toBe(token);
    expect(unsealToken(key, second)).toBe(token);
  });

  it('refuses another key, a changed byte and malformed values', () => {
    const sealed = sealToken(key, token);
    expect(unsealToken(randomBytes(32), sealed)).toBeNull();
    const parts = sealed.split('.');
    const flipped = Buffer.from(parts[2], 'base64url');
    flipped[0] ^= 1;
    parts[2] = flipped.toString('base64url');
    expect(unsealToken(key, parts.join('.'))).toBeNull();
    expect(unsealToken(key, token)).toBeNull();
    expect(unsealToken(key, 'v1...')).toBeNull();
    expect(unsealToken(key, `v2${sealed.slice(2)}`)).toBeNull();
  });

  it('uses the configured key, else one random key per process', () => {
    const configured = randomBytes(32).toString('base64');
    expect(sessionCookieKey(configured).toString('base64')).toBe(configured);
    expect(sessionCookieKey(undefined)).toBe(sessionCookieKey(undefined));
    expect(sessionCookieKey(undefined)).toHaveLength(32);
  });

  it('keeps opened cookies up to its bound, and never one that does not open', () => {
    const cookies = new OpenedSessionCookies(key, 2);
    const [first, second, third] = ['a', 'b', 'c'].map((suffix) => sealToken(key, token + suffix));
    expect(cookies.open(first)).toBe(`${token}a`);
    expect(cookies.open(first)).toBe(`${token}a`);
    expect(cookies.open(sealToken(randomBytes(32), token))).toBeNull();
    expect(cookies.open('v1.made.up.cookie')).toBeNull();
    expect(cookies.size).toBe(1);
    expect(cookies.open(second)).toBe(`${token}b`);
    expect(cookies.open(third)).toBe(`${token}c`);
    expect(cookies.size).toBe(2);
    expect(cookies.open(first)).toBe(`${token}a`);
  });
});
