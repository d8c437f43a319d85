import { loadConfig } from '@upright/platform';
import { bffConfigSchema, sharedAnswersWaitMs } from './config';

const load = (env: Record<string, string>) =>
  loadConfig(bffConfigSchema, { HTTP_PORT: '8080', NODE_ENV: 'test', ...env });

describe('BFF configuration of shared answers (decision 0057)', () => {
  it('shares 64 MB per 5 minutes, waits 1 s for another replica and 100 ms for Redis by default', () => {
    expect(load({})).toMatchObject({
      SHARED_ANSWERS_MB: 64,
      SHARED_ANSWERS_TTL_S: 300,
      SHARED_ANSWERS_TIMEOUT_MS: 100,
    });
    expect(sharedAnswersWaitMs(load({}))).toBe(1000);
    expect(load({ SHARED_ANSWERS_MB: '0' }).SHARED_ANSWERS_MB).toBe(0);
  });

  it('waits less by default under a short deadline, leaving half of it to make the answer', () => {
    expect(sharedAnswersWaitMs(load({ REQUEST_DEADLINE_MS: '2000' }))).toBe(900);
    expect(sharedAnswersWaitMs(load({ REQUEST_DEADLINE_MS: '100' }))).toBe(0);
  });

  it('refuses a wait that leaves the request less than half its deadline to make the answer', () => {
    expect(() => load({ SHARED_ANSWERS_WAIT_MS: '2500' })).toThrow(/SHARED_ANSWERS_WAIT_MS/);
    expect(load({ SHARED_ANSWERS_WAIT_MS: '2500', REQUEST_DEADLINE_MS: '6000' })).toMatchObject({
      SHARED_ANSWERS_WAIT_MS: 2500,
    });
  });
});
