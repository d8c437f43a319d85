import type { StartedApp } from '@upright/platform/testing';
import { startTestApp, testInfra, uniqueTransportPrefix } from '@upright/platform/testing';
import { bffService } from '../src/service';
import { hogTheLoop } from './support/hog-the-loop';
import { builtWebApp, rawGet } from './support/web-fixtures';

/**
 * Decision record 0061: a BFF whose event loop has stayed late answers new requests 503 with
 * `Retry-After` before any work, except the web app's files, and answers again once it is on time.
 * The loop here is the test's own: a hog keeps every turn ~60 ms long, as a crowd would.
 */
describe('shedding while the event loop is late', () => {
  let bff: StartedApp;
  let webApp: ReturnType<typeof builtWebApp> | undefined;
  const script = 'export const answer = 42;';

  beforeAll(async () => {
    webApp = builtWebApp({ 'app-Lp12Cd34.js': script });
    bff = await startTestApp(bffService, {
      REDIS_URL: testInfra().redisUrl,
      TRANSPORT_PREFIX: uniqueTransportPrefix('loop-pressure'),
      WEB_DIST_DIR: webApp.dir,
      EDGE_MAX_LOOP_DELAY_MS: '20',
      EDGE_LOOP_LATE_TURNS: '2',
      // Lateness alone (how many requests must come in meanwhile is LoopPressure's unit test).
      EDGE_LOOP_MIN_REQUESTS: '0',
    });
  });

  afterAll(async () => {
    await bff?.app.close();
    webApp?.remove();
  });

  it('sheds an API request and a page at once, serves the web app files, and answers again once on time', async () => {
    const stop = hogTheLoop();
    let api, page, asset;
    try {
      [api, page, asset] = await Promise.all([
        rawGet(`${bff.url}/api/no-such-route`),
        rawGet(`${bff.url}/about`, { Accept: 'text/html' }),
        rawGet(`${bff.url}/assets/app-Lp12Cd34.js`),
      ]);
    } finally {
      stop();
    }
    expect(api.status).toBe(503);
    expect(api.headers['retry-after']).toBe('1');
    expect(JSON.parse(api.body.toString())).toEqual({
      error: { code: 'service_unavailable', message: expect.stringContaining('busy') },
    });
    expect(page.status).toBe(503);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['retry-after']).toBe('1');
    // The person's browser asks again by itself once the second is over.
    expect(page.body.toString()).toContain('<meta http-equiv="refresh" content="1">');
    expect(asset.status).toBe(200);
    expect(asset.body.toString()).toBe(script);

    // Free again: a turn on time ends the shedding (the route then answers for itself).
    let after = await rawGet(`${bff.url}/api/no-such-route`);
    for (let tries = 0; tries < 50 && after.status === 503; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      after = await rawGet(`${bff.url}/api/no-such-route`);
    }
    expect(after.status).toBe(404);
  });
});
