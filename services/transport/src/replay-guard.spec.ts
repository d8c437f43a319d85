import { ReplayGuard } from './replay-guard';

describe('ReplayGuard', () => {
  let now = 1000;
  const guard = new ReplayGuard(() => now);

  it('admits a request id once per entry until its deadline', () => {
    expect(guard.admit('bff r1', '1-0', 5000)).toBe(true);
    // The same entry again is a redelivery (reclaim), not a replay.
    expect(guard.admit('bff r1', '1-0', 5000)).toBe(true);
    expect(guard.admit('bff r1', '2-0', 5000)).toBe(false);
    expect(guard.admit('search r1', '3-0', 5000)).toBe(true);
  });

  it('forgets ids whose deadline has passed', () => {
    now = 6000;
    expect(guard.admit('bff r9', '9-0', 7000)).toBe(true);
    expect(guard.size).toBe(1);
  });
});
