import type { StartedApp } from '@upright/platform/testing';
import { startTestApp, testInfra, uniqueTransportPrefix } from '@upright/platform/testing';
import { AnswerCache } from '../src/answer-cache/answer-cache.service';
import { bffService } from '../src/service';

/**
 * docs/product/rules.md#s12: the API is rate-limited per client, kept answers (the fast path)
 * included; over budget is a 429 with `Retry-After` and the error JSON of docs/product/rules.md#s3.
 */
describe('the API rate limit', () => {
  const infra = testInfra();
  let bff: StartedApp;

  /** One proxy is trusted, so X-Forwarded-For names the client. */
  const get = (path: string, client: string) =>
    fetch(`${bff.url}${path}`, { headers: { 'x-forwarded-for': client } });

  beforeAll(async () => {
    bff = await startTestApp(bffService, {
      REDIS_URL: infra.redisUrl,
      TRANSPORT_PREFIX: uniqueTransportPrefix('api-limit'),
      WEB_DIST_DIR: '',
      RATE_LIMIT_API: '3/60',
      TRUSTED_PROXY_HOPS: '1',
    });
  });

  afterAll(async () => {
    await bff?.app.close();
  });

  it('counts kept answers too, then refuses with 429 and Retry-After', async () => {
    const client = '203.0.113.7';
    const { stats } = bff.app.get(AnswerCache).store;
    const hitsBefore = stats.hits;
    const statuses = [];
    for (let request = 0; request < 3; request += 1) {
      statuses.push((await get('/api/openapi.json', client)).status);
    }
    expect(statuses).toEqual([200, 200, 200]);
    // The second and third were sent from kept bytes by the fast path.
    expect(stats.hits - hitsBefore).toBe(2);
    const refused = await get('/api/openapi.json', client);
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await refused.json()).toEqual({
      error: {
        code: 'rate_limited',
        message: `Too many requests from this address. Please wait ${retryAfter} seconds and try again.`,
      },
    });
    // Any other API route is refused too: the budget is the client's, not the route's.
    expect((await get('/api/active', client)).status).toBe(429);
  });

  it("another client's budget is its own", async () => {
    for (let request = 0; request < 4; request += 1) await get('/api/openapi.json', '203.0.113.8');
    expect((await get('/api/openapi.json', '203.0.113.9')).status).toBe(200);
  });

  it('does not count what is not the API', async () => {
    const client = '203.0.113.10';
    for (let request = 0; request < 5; request += 1) {
      expect((await get('/robots.txt', client)).status).toBe(200);
    }
    expect((await get('/api/openapi.json', client)).status).toBe(200);
  });
});
