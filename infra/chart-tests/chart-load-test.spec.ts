/**
 * The BFF's load-test mode in the chart: off unless the operator names generators or a
 * token Secret, and then exactly the variables the BFF validates (bff/src/config/load-test-config.ts).
 */
import { bffEnv } from './chart';

describe('chart: load-test mode', () => {
  it('is off by default: neither variable is set', () => {
    const env = bffEnv();
    expect(env.LOAD_TEST_CLIENTS).toBeUndefined();
    expect(env.LOAD_TEST_TOKEN).toBeUndefined();
  });

  // The token's Secret is optional: creating or deleting it (and restarting the BFF) toggles the
  // mode without a helm upgrade, and a BFF restarted while it is absent still starts.
  it('passes the generators as LOAD_TEST_CLIENTS and the token from its own, optional Secret', () => {
    const env = bffEnv([
      'bff.loadTest.clients={203.0.113.7/32,10.20.0.0/16}',
      'bff.loadTest.tokenSecret.name=upright-load-test',
    ]);
    expect(env.LOAD_TEST_CLIENTS.value).toBe('203.0.113.7/32,10.20.0.0/16');
    expect(env.LOAD_TEST_TOKEN.valueFrom).toEqual({
      secretKeyRef: { name: 'upright-load-test', key: 'load-test-token', optional: true },
    });
  });

  it('refuses a generator that is not an address or range at render time', () => {
    expect(() => bffEnv(['bff.loadTest.clients={k6.example.com}'])).toThrow(/loadTest/);
  });
});
