import { Logger } from '@nestjs/common';
import type { StartedApp } from '@upright/platform/testing';
import { startTestApp, testInfra, uniqueTransportPrefix } from '@upright/platform/testing';
import { LOAD_TEST_HEADER } from '../src/auth/load-test-mode';
import { bffService } from '../src/service';

/**
 * In load-test mode the operator's load generators (LOAD_TEST_CLIENTS, or the
 * LOAD_TEST_TOKEN header) are not held to the per-address budgets — the API's, counted before
 * the fast path, and the guard's in Redis (the captcha's here) — while everyone else still is;
 * without the variables nobody is exempt.
 */
describe('load-test mode', () => {
  const infra = testInfra();
  const TOKEN = 'integration-load-test-token-0123456789';
  const GENERATOR = '198.51.100.20';
  let withMode: StartedApp;
  let withoutMode: StartedApp;
  const warnings: { withMode: string[]; withoutMode: string[] } = { withMode: [], withoutMode: [] };

  /** One proxy is trusted, so X-Forwarded-For names the client, as behind the ingress. */
  const get = (bff: StartedApp, path: string, client: string, token?: string) =>
    fetch(`${bff.url}${path}`, {
      headers: {
        'x-forwarded-for': client,
        ...(token === undefined ? {} : { [LOAD_TEST_HEADER]: token }),
      },
    });

  async function statuses(bff: StartedApp, path: string, client: string, token?: string) {
    const seen: number[] = [];
    for (let request = 0; request < 5; request += 1) {
      seen.push((await get(bff, path, client, token)).status);
    }
    return seen;
  }

  const budgets = {
    REDIS_URL: infra.redisUrl,
    WEB_DIST_DIR: '',
    TRUSTED_PROXY_HOPS: '1',
    RATE_LIMIT_API: '3/60',
    RATE_LIMIT_CAPTCHA: '2/60',
  };

  beforeAll(async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn');
    const warned = () => warn.mock.calls.splice(0).map(([message]) => String(message));
    withMode = await startTestApp(bffService, {
      ...budgets,
      TRANSPORT_PREFIX: uniqueTransportPrefix('load-test-on'),
      LOAD_TEST_CLIENTS: '198.51.100.0/24',
      LOAD_TEST_TOKEN: TOKEN,
    });
    warnings.withMode = warned();
    withoutMode = await startTestApp(bffService, {
      ...budgets,
      TRANSPORT_PREFIX: uniqueTransportPrefix('load-test-off'),
    });
    warnings.withoutMode = warned();
    warn.mockRestore();
  });

  afterAll(async () => {
    await withMode?.app.close();
    await withoutMode?.app.close();
  });

  it('says so at start, loudly and without the token, only when it is on', () => {
    const on = warnings.withMode.filter((message) => message.includes('LOAD-TEST MODE IS ON'));
    expect(on).toEqual([expect.stringContaining('LOAD_TEST_CLIENTS (198.51.100.0/24)')]);
    expect(on[0]).not.toContain(TOKEN);
    expect(warnings.withoutMode.filter((message) => message.includes('LOAD-TEST'))).toEqual([]);
  });

  it('lets a listed generator past the API budget while another client gets 429', async () => {
    expect(await statuses(withMode, '/api/openapi.json', GENERATOR)).toEqual([
      200, 200, 200, 200, 200,
    ]);
    expect(await statuses(withMode, '/api/openapi.json', '203.0.113.20')).toEqual([
      200, 200, 200, 429, 429,
    ]);
  });

  it("lets a listed generator past the guard's per-address budgets (captcha)", async () => {
    expect(await statuses(withMode, '/api/captcha', GENERATOR)).toEqual([200, 200, 200, 200, 200]);
    expect(await statuses(withMode, '/api/captcha', '203.0.113.21')).toEqual([
      200, 200, 429, 429, 429,
    ]);
  });

  it('lets a request with the token past both, from any address; a wrong token is counted', async () => {
    expect(await statuses(withMode, '/api/captcha', '203.0.113.22', TOKEN)).toEqual([
      200, 200, 200, 200, 200,
    ]);
    expect(await statuses(withMode, '/api/openapi.json', '203.0.113.22', TOKEN)).toEqual([
      200, 200, 200, 200, 200,
    ]);
    expect(await statuses(withMode, '/api/openapi.json', '203.0.113.23', 'not-the-token')).toEqual([
      200, 200, 200, 429, 429,
    ]);
  });

  it('is off by default: the same addresses and token are counted like anyone', async () => {
    // (Every request here is also one of the API budget: a fresh address per route.)
    expect(await statuses(withoutMode, '/api/captcha', GENERATOR, TOKEN)).toEqual([
      200, 200, 429, 429, 429,
    ]);
    expect(await statuses(withoutMode, '/api/openapi.json', '198.51.100.21', TOKEN)).toEqual([
      200, 200, 200, 429, 429,
    ]);
  });
});
