/**
 * Web analytics in the chart (decision 0045): off unless the operator names the provider's
 * endpoint and site, and then exactly the variables the BFF validates (bff/src/analytics).
 */
import { bffEnv } from './chart';

describe('chart: web analytics', () => {
  it('is off by default: neither variable is set', () => {
    const env = bffEnv();
    expect(env.ANALYTICS_ENDPOINT).toBeUndefined();
    expect(env.ANALYTICS_SITE).toBeUndefined();
  });

  it('passes the endpoint and the site to the BFF', () => {
    const env = bffEnv([
      'bff.analytics.endpoint=https://plausible.io/api/event',
      'bff.analytics.site=upright.example.com',
    ]);
    expect(env.ANALYTICS_ENDPOINT.value).toBe('https://plausible.io/api/event');
    expect(env.ANALYTICS_SITE.value).toBe('upright.example.com');
  });

  it('refuses half a setting and an endpoint without TLS at render time', () => {
    expect(() => bffEnv(['bff.analytics.site=upright.example.com'])).toThrow(
      /bff.analytics.endpoint is required/,
    );
    expect(() => bffEnv(['bff.analytics.endpoint=https://plausible.io/api/event'])).toThrow(
      /bff.analytics.site is required/,
    );
    expect(() =>
      bffEnv([
        'bff.analytics.endpoint=http://plausible.io/api/event',
        'bff.analytics.site=upright.example.com',
      ]),
    ).toThrow(/analytics/);
  });
});
