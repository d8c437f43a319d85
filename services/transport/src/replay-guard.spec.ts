import { CLOCK_SKEW_ALLOWANCE_MS, isReplay, markerTtlMs } from './replay-guard';

describe('isReplay', () => {
  it('admits the delivery that created the marker', () => {
    expect(isReplay(null, '1-0')).toBe(false);
  });

  it('admits the same entry again: a reclaim is not a replay', () => {
    expect(isReplay('1-0', '1-0')).toBe(false);
  });

  it('refuses the request in any other entry', () => {
    expect(isReplay('1-0', '2-0')).toBe(true);
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
