import { CachedSmtpCheck } from './smtp-readiness';

describe('CachedSmtpCheck', () => {
  let clock: number;
  let sessions: number;
  let relayUp: boolean;
  const verify = async () => {
    sessions += 1;
    if (!relayUp) throw new Error('connect ECONNREFUSED');
  };

  beforeEach(() => {
    clock = 0;
    sessions = 0;
    relayUp = true;
  });

  it('opens one SMTP session per minute, not one per probe', async () => {
    const check = new CachedSmtpCheck(verify, 60_000, () => clock);
    for (let probe = 0; probe < 12; probe++) {
      await check.run();
      clock += 5_000; // the chart's readiness period
    }
    expect(sessions).toBe(1);
    await check.run();
    expect(sessions).toBe(2);
  });

  it('counts a message the relay accepted as a successful check', async () => {
    const check = new CachedSmtpCheck(verify, 60_000, () => clock);
    check.succeeded();
    clock += 30_000;
    await check.run();
    expect(sessions).toBe(0);
  });

  it('reports a relay that is down, and ready again as soon as it answers', async () => {
    const check = new CachedSmtpCheck(verify, 60_000, () => clock);
    relayUp = false;
    await expect(check.run()).rejects.toThrow('ECONNREFUSED');
    clock += 5_000;
    relayUp = true;
    await expect(check.run()).resolves.toBeUndefined();
    expect(sessions).toBe(2);
  });

  it('shares one session between concurrent probes', async () => {
    const check = new CachedSmtpCheck(verify, 60_000, () => clock);
    await Promise.all([check.run(), check.run(), check.run()]);
    expect(sessions).toBe(1);
  });
});
