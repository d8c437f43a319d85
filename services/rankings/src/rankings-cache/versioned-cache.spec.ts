import { VersionedCache } from './versioned-cache';

const v1 = { industry: 'airlines', version: '1' };
const v2 = { industry: 'airlines', version: '2' };

describe('VersionedCache', () => {
  it('loads once per industry, version and key', async () => {
    const cache = new VersionedCache(10, 60_000);
    const load = jest.fn(async () => 'ranking');
    expect(await cache.getOrLoad(v1, 'set', load)).toBe('ranking');
    expect(await cache.getOrLoad(v1, 'set', load)).toBe('ranking');
    expect(load).toHaveBeenCalledTimes(1);
    expect(cache.stats).toEqual({ hits: 1, loads: 1 });
  });

  it('misses after the data version changed', async () => {
    const cache = new VersionedCache(10, 60_000);
    await cache.getOrLoad(v1, 'set', async () => 'old');
    expect(await cache.getOrLoad(v2, 'set', async () => 'new')).toBe('new');
    expect(await cache.getOrLoad({ industry: 'banks', version: '1' }, 'set', async () => 'b')).toBe(
      'b',
    );
  });

  it('shares one load between concurrent requests', async () => {
    const cache = new VersionedCache(10, 60_000);
    let release!: (value: string) => void;
    const load = jest.fn(() => new Promise<string>((resolve) => (release = resolve)));
    const first = cache.getOrLoad(v1, 'set', load);
    const second = cache.getOrLoad(v1, 'set', load);
    release('shared');
    expect(await Promise.all([first, second])).toEqual(['shared', 'shared']);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('forgets failed loads and values it is told not to keep', async () => {
    const cache = new VersionedCache(10, 60_000);
    await expect(
      cache.getOrLoad(v1, 'set', async () => Promise.reject(new Error('db down'))),
    ).rejects.toThrow('db down');
    expect(await cache.getOrLoad(v1, 'set', async () => 'retried')).toBe('retried');

    const load = jest.fn(async () => null);
    await cache.getOrLoad(v1, 'missing', load, (value) => value !== null);
    await cache.getOrLoad(v1, 'missing', load, (value) => value !== null);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('never caches when the version is unknown', async () => {
    const cache = new VersionedCache(10, 60_000);
    const load = jest.fn(async () => 'fresh');
    const unknown = { industry: 'airlines', version: null };
    await cache.getOrLoad(unknown, 'set', load);
    await cache.getOrLoad(unknown, 'set', load);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
