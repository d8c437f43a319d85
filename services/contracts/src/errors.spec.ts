import { ERROR_TEXTS, retryLaterText, retryWaitMs } from './errors';

describe('retryLaterText', () => {
  it("keeps the spec's advice for a wait of up to 15 seconds", () => {
    expect(retryLaterText(1)).toBe(ERROR_TEXTS.retryLater);
    expect(retryLaterText(15)).toBe(ERROR_TEXTS.retryLater);
  });

  it('says the real wait beyond it, in seconds or whole minutes rounded up', () => {
    expect(retryLaterText(42)).toBe('Please wait 42 seconds and try again.');
    expect(retryLaterText(60)).toBe('Please wait 1 minute and try again.');
    expect(retryLaterText(61)).toBe('Please wait 2 minutes and try again.');
    expect(retryLaterText(599)).toBe('Please wait 10 minutes and try again.');
  });
});

describe('retryWaitMs', () => {
  it('waits the Retry-After seconds at least and half as long again at most', () => {
    expect(retryWaitMs(1, () => 0)).toBe(1000);
    expect(retryWaitMs(1, () => 0.5)).toBe(1250);
    expect(retryWaitMs(2, () => 0.999)).toBeCloseTo(2999);
  });

  it('spreads the clients told the same wait over the added half', () => {
    const waits = Array.from({ length: 1000 }, () => retryWaitMs(1));
    expect(Math.min(...waits)).toBeGreaterThanOrEqual(1000);
    expect(Math.max(...waits)).toBeLessThan(1500);
    // Uniform: each tenth of the added half gets a share of the clients, none all of them.
    const tenths = new Set(waits.map((wait) => Math.floor((wait - 1000) / 50)));
    expect(tenths.size).toBe(10);
  });
});
