import { SingleFlight } from '@upright/platform';
import { BoundedLru } from './bounded-lru';

/** Where a cached value belongs: an industry at one data version (see data-version.ts). */
export interface CacheScope {
  industry: string;
  /** null = the version could not be read: nothing may be cached or served from the cache. */
  version: string | null;
}

export interface CacheStats {
  /** Answers taken from the cache (including loads already in flight). */
  hits: number;
  /** Loader runs. */
  loads: number;
}

/**
 * In-process cache of values derived from one industry's data. A key holds the industry's data
 * version, so a new version (an import changed the data) misses every older entry; old entries
 * are never served again and age out of the bounded LRU.
 *
 * Concurrent requests for a value not yet loaded share one load (SingleFlight) instead of each
 * querying Postgres; a load in flight is never evicted, only settled values are. A failed load
 * is forgotten, so the next request retries.
 */
export class VersionedCache {
  private readonly entries: BoundedLru<string, Promise<unknown>>;
  private readonly flights = new SingleFlight<string, unknown>();
  readonly stats: CacheStats = { hits: 0, loads: 0 };

  constructor(maxEntries: number, ttlMs: number, now?: () => number) {
    this.entries = new BoundedLru(maxEntries, ttlMs, now);
  }

  /**
   * The cached value of `what` in `scope`, or the result of `load` (kept when `keep` says so;
   * a value not kept, e.g. "no such industry", would let arbitrary input push real entries out).
   */
  getOrLoad<T>(
    scope: CacheScope,
    what: string,
    load: () => Promise<T>,
    keep: (value: T) => boolean = () => true,
  ): Promise<T> {
    if (scope.version === null) {
      this.stats.loads++;
      return load();
    }
    const key = `${scope.industry}\n${scope.version}\n${what}`;
    const cached = this.entries.get(key) as Promise<T> | undefined;
    if (cached !== undefined) {
      this.stats.hits++;
      return cached;
    }
    let loaded = false;
    const flight = this.flights.run(key, async () => {
      loaded = true;
      this.stats.loads++;
      const value = await load();
      if (keep(value)) this.entries.set(key, Promise.resolve(value));
      return value;
    }) as Promise<T>;
    if (!loaded) this.stats.hits++;
    return flight;
  }
}
