import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { COMPRESS_FROM_BYTES, makeAnswer, representation } from './answer';

const policy = { domain: 'data', personal: false } as const;

describe('makeAnswer', () => {
  it('compresses JSON from 1 KB on, each coding decoding to the same bytes', () => {
    const json = JSON.stringify({ rows: Array.from({ length: 200 }, (_, i) => ({ i })) });
    const answer = makeAnswer(json, policy);
    expect(answer.identity.length).toBeGreaterThanOrEqual(COMPRESS_FROM_BYTES);
    const br = representation(answer, 'br').body;
    expect(brotliDecompressSync(br).toString()).toBe(json);
    expect(gunzipSync(representation(answer, 'gzip').body).toString()).toBe(json);
    expect(br.length).toBeLessThan(json.length);
  });

  it('compresses in a coding only when first asked in it, and keeps those bytes', () => {
    const json = JSON.stringify({ pad: 'w'.repeat(3000) });
    const answer = makeAnswer(json, policy);
    expect(answer.compressed).toEqual({});
    const first = representation(answer, 'gzip');
    expect(first.coding).toBe('gzip');
    expect(Object.keys(answer.compressed)).toEqual(['gzip']);
    expect(representation(answer, 'gzip').body).toBe(first.body);
    representation(answer, 'identity');
    expect(Object.keys(answer.compressed)).toEqual(['gzip']);
  });

  it('sends small answers as they are', () => {
    const answer = makeAnswer('{"a":1}', policy);
    expect(representation(answer, 'br')).toMatchObject({
      coding: 'identity',
      etag: `"${answer.hash}"`,
    });
    expect(answer.compressed).toEqual({});
  });

  it('sends bytes that are compressed already (images) as they are, whatever their size', () => {
    const png = Buffer.alloc(4 * COMPRESS_FROM_BYTES, 7);
    const answer = makeAnswer(png, policy, { contentType: 'image/png', compressible: false });
    expect(representation(answer, 'gzip')).toMatchObject({ coding: 'identity', body: png });
    expect(answer.compressed).toEqual({});
  });

  it('gives each coding its own strong ETag, and equal bytes the same one', () => {
    const json = JSON.stringify({ pad: 'y'.repeat(3000) });
    const a = makeAnswer(json, policy);
    const b = makeAnswer(json, policy);
    const etags = (['identity', 'br', 'gzip'] as const).map((c) => representation(a, c).etag);
    expect(new Set(etags).size).toBe(3);
    for (const etag of etags) expect(etag).toMatch(/^"[A-Za-z0-9_-]+(-br|-gz)?"$/);
    expect(representation(b, 'br').etag).toBe(etags[1]);
    expect(makeAnswer(json.replace('y', 'z'), policy).hash).not.toBe(a.hash);
  });
});
