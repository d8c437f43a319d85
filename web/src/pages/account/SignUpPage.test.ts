import { describe, expect, it } from 'vitest';
import { oldEnough } from './SignUpPage';
import { safeNext } from './SignInPage';

describe('sign-up and sign-in rules', () => {
  it('refuses members younger than 13 by birth year', () => {
    const now = new Date('2026-06-01T00:00:00Z');
    expect(oldEnough(2012, now)).toBe(true);
    // Born in 2013: may still be 12 in 2026, so refused (as accounts refuses it).
    expect(oldEnough(2013, now)).toBe(false);
    expect(oldEnough(1950.5, now)).toBe(false);
  });

  it('follows only same-site paths after sign-in', () => {
    expect(safeNext('/account/priorities')).toBe('/account/priorities');
    expect(safeNext('//evil.example')).toBe('/');
    expect(safeNext('https://evil.example')).toBe('/');
    expect(safeNext(null)).toBe('/');
  });
});
