import { oldEnough, plausibleBirthYear } from './age-gate';

describe('neutral age gate (≥ 13, year only)', () => {
  const today = new Date('2026-11-21T10:00:00Z');

  it('admits those certainly 13 or older', () => {
    expect(oldEnough(2012, today)).toBe(true); // 13 or 14
    expect(oldEnough(1950, today)).toBe(true);
  });

  it('refuses anyone who may be under 13', () => {
    expect(oldEnough(2013, today)).toBe(false); // 12 or 13
    expect(oldEnough(2020, today)).toBe(false);
  });

  it('decides by the UTC year, also on new year’s eve', () => {
    expect(oldEnough(2012, new Date('2025-12-31T23:59:59Z'))).toBe(false);
    expect(oldEnough(2012, new Date('2026-01-01T00:00:00Z'))).toBe(true);
  });

  it('treats a future birth year as implausible', () => {
    expect(plausibleBirthYear(2027, today)).toBe(false);
    expect(plausibleBirthYear(2026, today)).toBe(true);
  });
});
