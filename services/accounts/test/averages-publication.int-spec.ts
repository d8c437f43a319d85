import { publicDataKeys, type Averages } from '@upright/contracts';
import type { RedisConnection, ServiceClient } from '@upright/platform';
import { delay, testInfra, uniqueTransportPrefix } from '@upright/platform/testing';
import Redis from 'ioredis';
import { AveragesPublication } from '../src/averages/averages-publication';
import type { AveragesSnapshots } from '../src/averages/averages-snapshots.repository';
import type { AccountsConfig } from '../src/config';

const averagesOf = (value: number): Averages =>
  ({
    average_climate: value,
    average_income_inequality: value,
    average_lobbying: value,
    average_tax: value,
    average_consumer_terms_conditions: value,
    average_wealth_concentration: value,
    average_diverse_representation: value,
    average_diverse_pay_equity: value,
    average_net_neutrality: value,
  }) satisfies Averages;

/**
 * docs/product/rules.md#s11 on real Redis: averages that change with every save reach visitors'
 * rankings at most once per AVERAGES_REFRESH_S, the last ones of the period, with one version move.
 */
describe('averages publication', () => {
  const redis = new Redis(testInfra().redisUrl);
  const prefix = uniqueTransportPrefix('averages-publication');
  const keys = publicDataKeys(prefix);
  const announced: unknown[] = [];
  /** What the publishing replica recorded in `averages_snapshots` (issue 15). */
  const recorded: Array<{ averages: Averages; members: number }> = [];

  function publication(refreshSeconds: number): AveragesPublication {
    return new AveragesPublication(
      { redis } as unknown as RedisConnection,
      // Stands in for the transport: the event is what a rankings replica would be told.
      {
        emit: async (_pattern: string, data: unknown) => void announced.push(data),
      } as never as ServiceClient,
      { TRANSPORT_PREFIX: prefix, AVERAGES_REFRESH_S: refreshSeconds } as AccountsConfig,
      {
        record: async (averages: Averages, members: number) =>
          void recorded.push({ averages, members }),
      } as AveragesSnapshots,
    );
  }

  const version = async () => redis.hget(keys.versions, 'data');
  const broadcasts = async () => (await redis.xrange(keys.broadcast, '-', '+')).length;

  afterAll(async () => {
    for (const key of await redis.keys(`${prefix}:*`)) await redis.del(key);
    await redis.quit();
  });

  it('publishes the last averages of a period once, when it is due', async () => {
    const batched = publication(1);
    await batched.offer(averagesOf(6), 11);
    await batched.offer(averagesOf(7), 12);
    expect(await batched.publishIfDue()).toBe(false);
    expect(await batched.published()).toBeNull();
    expect(await version()).toBeNull();

    await delay(1100);
    expect(await batched.publishIfDue()).toBe(true);
    expect(await batched.published()).toEqual(averagesOf(7));
    const first = await version();
    expect(first).not.toBeNull();
    expect(await broadcasts()).toBe(1);
    expect(announced.at(-1)).toEqual(averagesOf(7));
    // One snapshot per publication, with the count of the averages published.
    expect(recorded).toEqual([{ averages: averagesOf(7), members: 12 }]);

    // Nothing pending: nothing moves, on this replica or another.
    expect(await batched.publishIfDue()).toBe(false);
    expect(await publication(1).publishIfDue()).toBe(false);
    expect(await version()).toBe(first);
    expect(recorded).toHaveLength(1);
  });

  it('publishes at once when AVERAGES_REFRESH_S is 0', async () => {
    const before = Number(await version());
    await publication(0).offer(averagesOf(8), 0);
    expect(await publication(0).published()).toEqual(averagesOf(8));
    expect(Number(await version())).toBe(before + 1);
  });
});
