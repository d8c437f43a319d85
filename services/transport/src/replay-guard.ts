/**
 * Remembers which stream entry carried each request id until the request's deadline, so an
 * authentic request copied into a new entry (a replay by someone who can write to Redis) is
 * refused, while the same entry delivered again (a reclaim) is still handled. Per replica: a
 * copy that reaches another replica is not caught, which the deadline bounds (decision 0016).
 */
export class ReplayGuard {
  private readonly seen = new Map<string, { entryId: string; until: number }>();
  private nextSweep = 0;

  constructor(private readonly now: () => number = Date.now) {}

  /** False when `key` was already seen in another entry and its deadline has not passed. */
  admit(key: string, entryId: string, deadline: number): boolean {
    const now = this.now();
    this.sweep(now);
    const known = this.seen.get(key);
    if (known && known.until > now && known.entryId !== entryId) return false;
    this.seen.set(key, { entryId, until: deadline });
    return true;
  }

  get size(): number {
    return this.seen.size;
  }

  private sweep(now: number): void {
    // At most once a second: the map only holds requests whose deadline is still ahead.
    if (now < this.nextSweep) return;
    this.nextSweep = now + 1000;
    for (const [key, { until }] of this.seen) if (until <= now) this.seen.delete(key);
  }
}
