/**
 * Concurrent misses for one key wait for one computation: the first caller starts it,
 * every caller asking for the key before it settles gets the same promise, and the key is free
 * again once it settles (a failure is not remembered: the next caller tries anew). What is kept
 * after that, and for how long, is the caller's cache's business.
 */
export class SingleFlight<K, V> {
  private readonly flights = new Map<K, Promise<V>>();

  /** Computations under way (bounded by the callers waiting for them). */
  get size(): number {
    return this.flights.size;
  }

  run(key: K, compute: () => Promise<V>): Promise<V> {
    const flying = this.flights.get(key);
    if (flying !== undefined) return flying;
    let started: Promise<V>;
    try {
      started = compute();
    } catch (error) {
      return Promise.reject(error);
    }
    const flight = started.finally(() => {
      if (this.flights.get(key) === flight) this.flights.delete(key);
    });
    this.flights.set(key, flight);
    return flight;
  }
}
