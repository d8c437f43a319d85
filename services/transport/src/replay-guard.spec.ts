import { CLOCK_SKEW_ALLOWANCE_MS, markerTtlMs, parseAdmission } from './replay-guard';

describe('parseAdmission', () => {
  it('accepts the four answers of the script', () => {
    for (const answer of ['first', 'again', 'replay', 'gone']) {
      expect(parseAdmission(answer)).toBe(answer);
    }
  });

  it('refuses anything else rather than run a handler on a misread answer', () => {
    expect(() => parseAdmission(1)).toThrow(/Unexpected admission/);
    expect(() => parseAdmission(null)).toThrow(/Unexpected admission/);
  });
});

describe('markerTtlMs', () => {
  it('keeps the marker until the deadline plus the clock skew allowance', () => {
    expect(markerTtlMs(6000, 1000)).toBe(5000 + CLOCK_SKEW_ALLOWANCE_MS);
  });

  it('stays positive for a deadline already reached, as Redis requires', () => {
    expect(markerTtlMs(1000, 1000)).toBe(1 + CLOCK_SKEW_ALLOWANCE_MS);
    expect(markerTtlMs(1000, 9000)).toBe(1 + CLOCK_SKEW_ALLOWANCE_MS);
  });
});
