import { resolveClientOptions, resolveServerOptions } from './options';
import type { TrustOptions } from './trust';

const trust = (identity: string): TrustOptions => ({
  identity,
  keys: {},
  policy: {
    callersOf: () => undefined,
    isSealed: () => false,
    emitterOf: () => undefined,
    mayRepeat: () => true,
    onlyReads: () => true,
    subscribersOf: () => [],
  },
});
const rankings = { redisUrl: 'redis://x', service: 'rankings', trust: trust('rankings') };

describe('options', () => {
  it('fills in the documented server defaults', () => {
    const options = resolveServerOptions(rankings);
    expect(options).toMatchObject({
      keyPrefix: 'upright',
      concurrency: 32,
      heartbeatIntervalMs: 250,
      heartbeatTtlMs: 1000,
      reclaimIntervalMs: 250,
      shutdownGraceMs: 10000,
    });
    expect(options.consumerName).toMatch(new RegExp(`-${process.pid}-[0-9a-f]{8}$`));
  });

  it('gives every replica its own consumer name', () => {
    const a = resolveServerOptions(rankings);
    const b = resolveServerOptions(rankings);
    expect(a.consumerName).not.toBe(b.consumerName);
  });

  it('rejects settings that cannot work', () => {
    const base = rankings;
    expect(() => resolveServerOptions({ ...base, concurrency: 0 })).toThrow(RangeError);
    expect(() =>
      resolveServerOptions({ ...base, heartbeatIntervalMs: 1000, heartbeatTtlMs: 1000 }),
    ).toThrow(/heartbeatTtlMs/);
    expect(() => resolveServerOptions({ ...base, service: 'a:b' })).toThrow();
    // A server reads its service's stream only as that service.
    expect(() => resolveServerOptions({ ...base, trust: trust('search') })).toThrow(/identity/);
  });

  it('fills in the client defaults', () => {
    const client = { redisUrl: 'redis://x', trust: trust('bff') };
    expect(resolveClientOptions(client)).toEqual({
      redisUrl: 'redis://x',
      keyPrefix: 'upright',
      trust: client.trust,
      defaultDeadlineMs: 5000,
    });
    expect(() => resolveClientOptions({ ...client, defaultDeadlineMs: 0 })).toThrow();
  });
});
