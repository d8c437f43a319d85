import { SingleFlight } from './single-flight';

/** A computation the test settles by hand, counting how often it was started. */
function gate<V>() {
  let settle!: { resolve: (value: V) => void; reject: (error: Error) => void };
  const compute = jest.fn(
    () => new Promise<V>((resolve, reject) => (settle = { resolve, reject })),
  );
  return { compute, settle: () => settle };
}

describe('SingleFlight', () => {
  it('runs one computation for N concurrent misses of one key, and all get its value', async () => {
    const flights = new SingleFlight<string, number>();
    const { compute, settle } = gate<number>();
    const waiting = Array.from({ length: 50 }, () => flights.run('industry:airlines', compute));
    expect(compute).toHaveBeenCalledTimes(1);
    settle().resolve(42);
    expect(await Promise.all(waiting)).toEqual(Array(50).fill(42));
    expect(flights.size).toBe(0);
  });

  it('computes each key on its own', async () => {
    const flights = new SingleFlight<string, string>();
    const compute = jest.fn(async () => 'value');
    await Promise.all([flights.run('a', compute), flights.run('b', compute)]);
    expect(compute).toHaveBeenCalledTimes(2);
  });

  it('shares a failure with those waiting, then computes again for the next caller', async () => {
    const flights = new SingleFlight<string, number>();
    const { compute, settle } = gate<number>();
    const waiting = [flights.run('k', compute), flights.run('k', compute)];
    settle().reject(new Error('database down'));
    for (const one of waiting) await expect(one).rejects.toThrow('database down');
    const again = flights.run('k', compute);
    expect(compute).toHaveBeenCalledTimes(2);
    settle().resolve(7);
    expect(await again).toBe(7);
  });

  it('turns a computation that throws at once into a rejection, remembering nothing', async () => {
    const flights = new SingleFlight<string, number>();
    await expect(
      flights.run('k', () => {
        throw new Error('bad key');
      }),
    ).rejects.toThrow('bad key');
    expect(flights.size).toBe(0);
  });
});
