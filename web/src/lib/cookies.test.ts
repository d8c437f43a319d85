import { describe, expect, it } from 'vitest';
import { readCookie, serializeCookie } from './cookies';

describe('cookies', () => {
  it('reads one cookie among several, decoding its value', () => {
    expect(readCookie('a=1; privacyAccepted=true; b=x%20y', 'privacyAccepted')).toBe('true');
    expect(readCookie('a=1; b=x%20y', 'b')).toBe('x y');
    expect(readCookie('a=1', 'missing')).toBeNull();
    expect(readCookie('', 'a')).toBeNull();
  });

  it('does not mistake a cookie whose name ends like another', () => {
    expect(readCookie('xprivacyAccepted=true', 'privacyAccepted')).toBeNull();
  });

  it('sets privacyAccepted for 365 days and a session cookie without expiry', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    expect(serializeCookie('privacyAccepted', 'true', { days: 365, now })).toBe(
      'privacyAccepted=true; path=/; SameSite=Lax; expires=Fri, 01 Jan 2027 00:00:00 GMT',
    );
    expect(serializeCookie('promoDismissed', 'true')).toBe(
      'promoDismissed=true; path=/; SameSite=Lax',
    );
  });
});
