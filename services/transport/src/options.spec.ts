import { resolveClientOptions, resolveServerOptions } from './options';

describe('options', () => {
  it('fills in the documented server defaults', () => {
    const options = resolveServerOptions({ redisUrl: 'redis://x', service: 'rankings' });
    expect(options).toMatchObject({
      keyPrefix: 'upright',
      concurrency: 32,
      heartbeatIntervalMs: 1000,
      heartbeatTtlMs: 5000,
      reclaimIntervalMs: 2000,
      shutdownGraceMs: 10000,
    });
    expect(options.consumerName).toMatch(new RegExp(`-${process.pid}-[0-9a-f]{8}$`));
  });

  it('gives every replica its own consumer name', () => {
    const a = resolveServerOptions({ redisUrl: 'redis://x', service: 'rankings' });
    const b = resolveServerOptions({ redisUrl: 'redis://x', service: 'rankings' });
    expect(a.consumerName).not.toBe(b.consumerName);
  });

  it('rejects settings that cannot work', () => {
    const base = { redisUrl: 'redis://x', service: 'rankings' };
    expect(() => resolveServerOptions({ ...base, concurrency: 0 })).toThrow(RangeError);
    expect(() =>
      resolveServerOptions({ ...base, heartbeatIntervalMs: 1000, heartbeatTtlMs: 1000 }),
    ).toThrow(/heartbeatTtlMs/);
    expect(() => resolveServerOptions({ ...base, service: 'a:b' })).toThrow();
  });

  it('fills in the client defaults', () => {
    expect(resolveClientOptions({ redisUrl: 'redis://x' })).toEqual({
      redisUrl: 'redis://x',
      keyPrefix: 'upright',
      defaultDeadlineMs: 5000,
    });
    expect(() => resolveClientOptions({ redisUrl: 'redis://x', defaultDeadlineMs: 0 })).toThrow();
  });
});
