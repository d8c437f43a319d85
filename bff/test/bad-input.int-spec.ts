import { SEARCH_LIMITS, type ErrorBody } from '@upright/contracts';
import type { StartedApp } from '@upright/platform/testing';
import { startTestApp, testInfra, uniqueTransportPrefix } from '@upright/platform/testing';
import { bffService } from '../src/service';
import { builtWebApp, visitorCsrfHeaders } from './support/web-fixtures';

/**
 * Bad input that gave a 500 (docs/product/rules.md#s3) is a 4xx naming what is wrong. The
 * BFF alone: every request here is refused before any service is asked.
 */
describe('bad input', () => {
  let bff: StartedApp;
  let webApp: ReturnType<typeof builtWebApp> | undefined;

  beforeAll(async () => {
    // A built web app, so the BFF serves static files as in local mode.
    webApp = builtWebApp({ 'app.js': 'console.log(1);' });
    bff = await startTestApp(bffService, {
      REDIS_URL: testInfra().redisUrl,
      TRANSPORT_PREFIX: uniqueTransportPrefix('harden-input'),
      WEB_DIST_DIR: webApp.dir,
    });
  });

  afterAll(async () => {
    await bff?.app.close();
    webApp?.remove();
  });

  it('refuses react clauses nested a thousand deep with a 400 naming the field', async () => {
    let react: unknown = 'q';
    for (let level = 0; level < 1000; level += 1) react = { and: react };
    const response = await fetch(`${bff.url}/api/search/companies/_reactivesearch.v3`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        query: [
          { id: 'q', type: 'search', value: 'acme' },
          { id: 'results', type: 'search', react },
        ],
      }),
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as ErrorBody).error).toEqual({
      code: 'validation_failed',
      message: `query.1.react must nest at most ${SEARCH_LIMITS.maxReactDepth} levels deep`,
      field: 'query.1.react',
    });
  });

  it.each(['gzip', 'br', 'deflate'])(
    'refuses a body whose Content-Encoding %s is not what it says with a 400',
    async (encoding) => {
      const response = await fetch(`${bff.url}/api/signin`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-encoding': encoding,
          ...(await visitorCsrfHeaders(bff.url)),
        },
        body: 'this is not compressed at all',
      });
      expect(response.status).toBe(400);
      expect(((await response.json()) as ErrorBody).error.code).toBe('validation_failed');
    },
  );

  it('answers a path escaping /assets with 400 or 404, never 500', async () => {
    expect((await fetch(`${bff.url}/assets/app.js`)).status).toBe(200);
    const response = await fetch(`${bff.url}/assets/..%2Fpackage.json`);
    expect([400, 404]).toContain(response.status);
  });
});
