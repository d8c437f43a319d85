/**
 * Misses for one key are merged (docs/product/rules.md#s14): the first request of a key leads and
 * makes the answer; the ones that arrive while it runs wait for it and are then served what it
 * kept. Nothing is queued beyond the requests already in flight for that key.
 */
export class SingleFlight {
  private readonly flights = new Map<string, Promise<number>>();

  /**
   * The leader's end to wait for, resolved with the status it answered; undefined when no request
   * of this key is in flight.
   */
  inFlight(key: string): Promise<number> | undefined {
    return this.flights.get(key);
  }

  /**
   * Makes the caller the key's leader; the returned end is called once its answer is sent, with
   * that answer's status.
   */
  lead(key: string): (status: number) => void {
    let end!: (status: number) => void;
    const done = new Promise<number>((resolve) => (end = resolve));
    this.flights.set(key, done);
    return (status) => {
      if (this.flights.get(key) === done) this.flights.delete(key);
      end(status);
    };
  }

  get size(): number {
    return this.flights.size;
  }
}

/**
 * Whether a leader's answer says its followers would fail too: a service unavailable or out of
 * time (5xx). Each follower asking again would wait as long again for the same failure and add
 * load to what is already overloaded, so they are answered 503 with `Retry-After` at once.
 */
export function leaderFailed(status: number): boolean {
  return status >= 500;
}
