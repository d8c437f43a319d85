import { bffService } from '@upright/bff';
import type { StartedApp } from '@upright/platform/testing';
import { startTestApp, testInfra, uniqueTransportPrefix } from '@upright/platform/testing';
import { preflight, type JourneyContext } from '../lib/journeys';
import { newRecorder, nodeClient } from '../../load/http-client';

/**
 * The load generators' preflight (k6 and `make load`) tells a BFF that counts this
 * machine per address from one in load-test mode, before any load is sent. Real BFFs on Redis;
 * the preflight's own data checks fail here (no rankings service) and are not what is checked.
 */
describe('the load preflight and the BFF rate limits', () => {
  const infra = testInfra();
  const ADVICE = 'turn load-test mode on';
  let counted: StartedApp;
  let exempt: StartedApp;

  const start = (tag: string, env: Record<string, string> = {}) =>
    startTestApp(bffService, {
      REDIS_URL: infra.redisUrl,
      TRANSPORT_PREFIX: uniqueTransportPrefix(tag),
      WEB_DIST_DIR: '',
      REQUEST_DEADLINE_MS: '500',
      ...env,
    });

  beforeAll(async () => {
    counted = await start('preflight-counted');
    // The generator is this machine: the BFF sees 127.0.0.1 (no proxy trusted).
    exempt = await start('preflight-exempt', { LOAD_TEST_CLIENTS: '127.0.0.1' });
  });

  afterAll(async () => {
    await counted?.app.close();
    await exempt?.app.close();
  });

  const problemsAgainst = (bff: StartedApp) => {
    const context: JourneyContext = {
      client: nodeClient({
        baseUrl: bff.url,
        journey: 'preflight',
        recorder: newRecorder(),
        thinkScale: 0,
      }),
      random: Math.random,
      solveCaptcha: () => 'unused',
      uniqueId: () => 'unused',
      memo: {},
    };
    return preflight(context, ['signup'], ADVICE);
  };

  it('stops a run the per-address budgets would refuse, with the advice first', async () => {
    const problems = await problemsAgainst(counted);
    expect(problems[0]).toMatch(
      /^a rate limiter counts this load generator \(preflight\.limits: 429, Retry-After \d+ s\): turn load-test mode on$/,
    );
  });

  it('lets a run start against a BFF in load-test mode for this machine', async () => {
    const problems = await problemsAgainst(exempt);
    expect(problems.filter((problem) => problem.includes('rate limiter'))).toEqual([]);
  });
});
