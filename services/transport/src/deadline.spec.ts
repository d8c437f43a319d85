import {
  absoluteDeadline,
  isExpired,
  isWithDeadline,
  MAX_DEADLINE_MS,
  remainingMs,
  unwrapDeadline,
  validateDeadlineMs,
  withDeadline,
} from './deadline';

describe('deadlines', () => {
  it('computes an absolute deadline and what remains of it', () => {
    const deadline = absoluteDeadline(10_000, 5000);
    expect(deadline).toBe(15_000);
    expect(remainingMs(deadline, 12_000)).toBe(3000);
    expect(remainingMs(deadline, 20_000)).toBe(0);
  });

  it('counts the deadline instant as expired', () => {
    expect(isExpired(15_000, 14_999)).toBe(false);
    expect(isExpired(15_000, 15_000)).toBe(true);
    expect(isExpired(15_000, 15_001)).toBe(true);
  });

  it('uses the default unless the call overrides it', () => {
    expect(unwrapDeadline({ a: 1 }, 5000)).toEqual({ data: { a: 1 }, deadlineMs: 5000 });
    expect(unwrapDeadline(withDeadline({ a: 1 }, 250), 5000)).toEqual({
      data: { a: 1 },
      deadlineMs: 250,
    });
  });

  it('marks wrapped data so it cannot be mistaken for a payload', () => {
    expect(isWithDeadline(withDeadline('x', 1))).toBe(true);
    expect(isWithDeadline({ data: 'x', deadlineMs: 1 })).toBe(false);
    expect(isWithDeadline(null)).toBe(false);
    // The marker is a symbol, so it never reaches the wire.
    expect(JSON.parse(JSON.stringify(withDeadline('x', 1)))).toEqual({ data: 'x', deadlineMs: 1 });
  });

  it('rejects nonsensical deadlines', () => {
    for (const bad of [0, -1, Number.NaN, Number.POSITIVE_INFINITY, MAX_DEADLINE_MS + 1]) {
      expect(() => validateDeadlineMs(bad)).toThrow(RangeError);
    }
    expect(validateDeadlineMs(1.2)).toBe(2);
  });
});
