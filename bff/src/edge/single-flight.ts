/**
 * Misses for one key are merged (docs/product/rules.md#s14): the first request of a key leads and
 * makes the answer; the ones that arrive while it runs wait for it and are then served what it
 * kept. Nothing is queued beyond the requests already in flight for that key.
 */
export class SingleFlight {
  private readonly flights = new Map<string, Promise<void>>();

  /** The leader's end to wait for, or undefined when no request of this key is in flight. */
  inFlight(key: string): Promise<void> | undefined {
    return this.flights.get(key);
  }

  /** Makes the caller the key's leader; the returned end is called once its answer is sent. */
  lead(key: string): () => void {
    let end!: () => void;
    const done = new Promise<void>((resolve) => (end = resolve));
    this.flights.set(key, done);
    return () => {
      if (this.flights.get(key) === done) this.flights.delete(key);
      end();
    };
  }

  get size(): number {
    return this.flights.size;
  }
}
