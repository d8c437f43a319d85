import type { StartedApp } from '@upright/platform/testing';
import { startTestApp, testInfra, uniqueTransportPrefix } from '@upright/platform/testing';
import { brotliDecompressSync } from 'node:zlib';
import { bffService } from '../src/service';
import { builtWebApp, rawGet } from './support/web-fixtures';

/**
 * docs/product/rules.md#s11: the built web app's hashed files are served compressed once, with
 * strong ETags and a year's immutable caching, by the BFF in local mode.
 */
describe('static assets', () => {
  let bff: StartedApp;
  let webApp: ReturnType<typeof builtWebApp> | undefined;
  const script = `export const rows = ${JSON.stringify(Array.from({ length: 300 }, (_, i) => ({ i })))};`;
  const image = Buffer.alloc(4096, 7);

  beforeAll(async () => {
    webApp = builtWebApp({ 'app-Ab12Cd34.js': script, 'logo-Ef56.png': image });
    bff = await startTestApp(bffService, {
      REDIS_URL: testInfra().redisUrl,
      TRANSPORT_PREFIX: uniqueTransportPrefix('static-assets'),
      WEB_DIST_DIR: webApp.dir,
    });
  });

  afterAll(async () => {
    await bff?.app.close();
    webApp?.remove();
  });

  it('sends a hashed script brotli-compressed, immutable, with a strong ETag and 304s', async () => {
    const url = `${bff.url}/assets/app-Ab12Cd34.js`;
    const br = await rawGet(url, { 'Accept-Encoding': 'gzip, br' });
    expect(br.status).toBe(200);
    expect(br.headers).toMatchObject({
      'content-type': 'text/javascript; charset=utf-8',
      'content-encoding': 'br',
      'cache-control': 'public, max-age=31536000, immutable',
      vary: 'Accept-Encoding',
    });
    expect(brotliDecompressSync(br.body).toString()).toBe(script);
    const etag = String(br.headers.etag);
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+-br"$/);
    const again = await rawGet(url, { 'Accept-Encoding': 'br', 'If-None-Match': etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    const plain = await rawGet(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
    // HEAD tells the length of what GET would send.
    const head = await fetch(url, { method: 'HEAD', headers: { 'Accept-Encoding': 'br' } });
    expect(head.status).toBe(200);
    expect(head.headers.get('etag')).toBe(etag);
    expect(head.headers.get('content-length')).toBe(String(br.body.length));
  });

  it('sends an image as it is, whatever the client accepts', async () => {
    const png = await rawGet(`${bff.url}/assets/logo-Ef56.png`, { 'Accept-Encoding': 'br' });
    expect(png.status).toBe(200);
    expect(png.headers['content-encoding']).toBeUndefined();
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.body.equals(image)).toBe(true);
  });

  it('answers 404 for a file that is not there', async () => {
    expect((await rawGet(`${bff.url}/assets/nothing-123.js`)).status).toBe(404);
  });
});
