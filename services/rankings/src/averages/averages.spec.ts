import { Logger } from '@nestjs/common';
import { AVERAGE_FIELDS, ISSUE_KEYS, type Averages } from '@upright/contracts';
import type { ServiceClient } from '@upright/platform';
import { AveragesCache } from './averages-cache';
import { DEFAULT_AVERAGE_WEIGHTS, averagesFromWeights, weightsFromAverages } from './averages';

function averages(given: Partial<Averages> = {}): Averages {
  return {
    ...(Object.fromEntries(AVERAGE_FIELDS.map((field) => [field, 5])) as Averages),
    ...given,
  };
}

function clientAnswering(answer: () => Promise<unknown>) {
  const request = jest.fn(answer);
  return { client: { request } as unknown as ServiceClient, request };
}

describe('averages as weights', () => {
  it('maps average_<x> to the issue whose server priority is value_<x>', () => {
    const weights = weightsFromAverages(
      averages({ average_income_inequality: 7.25, average_diverse_pay_equity: 0 }),
    );
    expect(weights).toMatchObject({ exec_pay: 7.25, pay_gap: 0, climate: 5 });
    expect(Object.keys(weights!).sort()).toEqual([...ISSUE_KEYS].sort());
  });

  it('rejects incomplete or out-of-range averages', () => {
    const { average_climate: _, ...missing } = averages();
    expect(weightsFromAverages(missing)).toBeNull();
    expect(weightsFromAverages(averages({ average_tax: 11 }))).toBeNull();
    expect(weightsFromAverages(averages({ average_tax: Number.NaN }))).toBeNull();
    expect(weightsFromAverages(null)).toBeNull();
  });

  it('round-trips through the Averages DTO', () => {
    expect(weightsFromAverages(averagesFromWeights(DEFAULT_AVERAGE_WEIGHTS))).toEqual(
      DEFAULT_AVERAGE_WEIGHTS,
    );
  });
});

describe('AveragesCache', () => {
  beforeAll(() => Logger.overrideLogger(false));
  afterAll(() => Logger.overrideLogger(['log', 'error', 'warn']));

  it('uses 5 for every issue while accounts cannot answer (docs/product/rules.md#s4)', async () => {
    const { client } = clientAnswering(() => Promise.reject(new Error('unavailable')));
    const cache = new AveragesCache(client);
    await cache.refresh();
    expect(cache.weights).toBe(DEFAULT_AVERAGE_WEIGHTS);
    expect(Object.values(cache.weights)).toEqual(ISSUE_KEYS.map(() => 5));
  });

  it('takes the averages accounts answers and keeps them when it stops answering', async () => {
    let answer: () => Promise<unknown> = async () => averages({ average_climate: 9 });
    const { client } = clientAnswering(() => answer());
    const cache = new AveragesCache(client);
    await cache.refresh();
    expect(cache.weights.climate).toBe(9);
    answer = () => Promise.reject(new Error('gone'));
    await cache.refresh();
    expect(cache.weights.climate).toBe(9);
  });

  it('replaces the weights object only when a value changes', () => {
    const { client } = clientAnswering(async () => undefined);
    const cache = new AveragesCache(client);
    expect(cache.apply(averages())).toBe(false);
    const before = cache.weights;
    expect(cache.apply(averages({ average_lobbying: 2.5 }))).toBe(true);
    expect(cache.weights).not.toBe(before);
    const changed = cache.weights;
    expect(cache.apply(averages({ average_lobbying: 2.5 }))).toBe(false);
    expect(cache.weights).toBe(changed);
  });

  it('ignores a malformed event payload', () => {
    const { client } = clientAnswering(async () => undefined);
    const cache = new AveragesCache(client);
    expect(cache.apply({ average_climate: 'high' })).toBe(false);
    expect(cache.weights).toBe(DEFAULT_AVERAGE_WEIGHTS);
  });

  it('refreshes periodically and stops at shutdown', async () => {
    jest.useFakeTimers();
    try {
      const { client, request } = clientAnswering(() => Promise.reject(new Error('unavailable')));
      const cache = new AveragesCache(client);
      await cache.onApplicationBootstrap();
      expect(request).toHaveBeenCalledTimes(1);
      await jest.advanceTimersByTimeAsync(60_000);
      expect(request).toHaveBeenCalledTimes(2);
      cache.onApplicationShutdown();
      await jest.advanceTimersByTimeAsync(120_000);
      expect(request).toHaveBeenCalledTimes(2);
    } finally {
      jest.useRealTimers();
    }
  });
});
