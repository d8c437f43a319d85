import { runReadinessChecks } from './readiness';

describe('runReadinessChecks', () => {
  it('is ok when every check passes', async () => {
    const report = await runReadinessChecks([
      { name: 'redis', check: async () => undefined },
      { name: 'postgres', check: async () => undefined },
    ]);
    expect(report).toEqual({ status: 'ok', checks: { redis: 'ok', postgres: 'ok' } });
  });

  it('names the failing dependency and its reason', async () => {
    const report = await runReadinessChecks([
      { name: 'redis', check: async () => undefined },
      { name: 'postgres', check: async () => Promise.reject(new Error('connection refused')) },
    ]);
    expect(report.status).toBe('unavailable');
    expect(report.checks).toEqual({ redis: 'ok', postgres: 'connection refused' });
  });

  it('treats a hanging dependency as unavailable', async () => {
    jest.useFakeTimers();
    const pending = runReadinessChecks([
      { name: 'postgres', check: () => new Promise(() => undefined) },
    ]);
    jest.advanceTimersByTime(2500);
    const report = await pending;
    jest.useRealTimers();
    expect(report.checks.postgres).toMatch(/did not answer/);
  });
});
