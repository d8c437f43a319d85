import { answeredPerSecond } from './wrk';

describe('answeredPerSecond', () => {
  const figures = { p50Ms: 1, p95Ms: 2, p99Ms: 3 };

  it('is the request rate when every request was answered', () => {
    expect(
      answeredPerSecond({ ...figures, requests: 10_000, errors: 0, requestsPerSecond: 1_000 }),
    ).toBe(1_000);
  });

  it('leaves out refusals a client asked again at once', () => {
    // A run that stormed: 27,840 requests in 10 s, 19,512 of them refused.
    const rate = answeredPerSecond({
      ...figures,
      requests: 27_840,
      errors: 19_512,
      requestsPerSecond: 2_784,
    });
    expect(rate).toBeCloseTo(832.8, 5);
  });

  it('is 0 for a run that sent nothing', () => {
    expect(answeredPerSecond({ ...figures, requests: 0, errors: 0, requestsPerSecond: 0 })).toBe(0);
  });
});
