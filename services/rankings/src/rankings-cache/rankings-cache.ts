import { Inject, Injectable, Logger } from '@nestjs/common';
import { publicDataKeys } from '@upright/contracts';
import { RedisConnection, SERVICE_CONFIG } from '@upright/platform';
import type { RankingsConfig } from '../config';
import { AveragesCache } from '../averages/averages-cache';
import {
  CACHE_ENTRY_TTL_MS,
  dataVersionKey,
  initialiseDataVersion,
  initialiseLedgerVersion,
  ledgerVersionKey,
} from './data-version';
import { VersionedCache, type CacheStats } from './versioned-cache';

/**
 * Bounds memory: one entry is a ranked set (one industry, period and scope) or a small lookup,
 * so a few hundred entries cover every industry at a few periods.
 */
const MAX_ENTRIES = 500;
/**
 * Per-company reads (a company page, a page of a ledger; a few kB each) have a cache of their
 * own: thousands of companies read once must not push the ranked sets out.
 */
const MAX_COMPANY_READS = 5_000;

/** The cache as seen by one request: bound to the industry's data version read at its start. */
export interface IndustryCacheView {
  readonly industry: string;
  /**
   * `versioned`: values are cached under the version. `missing`: the industry has no version
   * key yet; `unreadable`: Redis did not answer. In both, every value is loaded fresh.
   */
  readonly version: 'versioned' | 'missing' | 'unreadable';
  getOrLoad<T>(what: string, load: () => Promise<T>, keep?: (value: T) => boolean): Promise<T>;
  /** The same for per-company reads, kept in their own cache (see MAX_COMPANY_READS). */
  getOrLoadCompanyRead<T>(
    what: string,
    load: () => Promise<T>,
    keep?: (value: T) => boolean,
  ): Promise<T>;
  /** The corrections ledger's version, read with the data version; null when it has none yet. */
  readonly ledgerVersion: string | null;
}

/** Per-replica cache of industry data, kept consistent across replicas by the data version. */
@Injectable()
export class RankingsCache {
  private readonly logger = new Logger(RankingsCache.name);
  private readonly cache = new VersionedCache(MAX_ENTRIES, CACHE_ENTRY_TTL_MS);
  private readonly companyReads = new VersionedCache(MAX_COMPANY_READS, CACHE_ENTRY_TTL_MS);

  constructor(
    private readonly redis: RedisConnection,
    @Inject(SERVICE_CONFIG) private readonly config: RankingsConfig,
    private readonly averages: AveragesCache,
  ) {}

  get stats(): Readonly<CacheStats> {
    return this.cache.stats;
  }

  get companyReadStats(): Readonly<CacheStats> {
    return this.companyReads.stats;
  }

  /**
   * The view for one request: reads the industry's data version and, in the same round trip, the
   * published averages (docs/product/rules.md#s11), so the ranking is made from both as they are
   * now, and the ledger version.
   */
  async open(industry: string): Promise<IndustryCacheView> {
    try {
      const prefix = this.config.TRANSPORT_PREFIX;
      const [version, averages, ledgerVersion] = await this.redis.redis.mget(
        dataVersionKey(prefix, industry),
        publicDataKeys(prefix).publishedAverages,
        ledgerVersionKey(prefix),
      );
      this.averages.applyPublished(averages);
      const state = version === null ? 'missing' : 'versioned';
      return this.view(industry, version, state, ledgerVersion);
    } catch (error) {
      return this.unreadable(industry, error);
    }
  }

  /**
   * For an industry known to exist whose view was `missing`: creates its version key (see
   * data-version.ts) and returns a view that caches.
   */
  async initialise(industry: string): Promise<IndustryCacheView> {
    try {
      const prefix = this.config.TRANSPORT_PREFIX;
      const version = await initialiseDataVersion(this.redis.redis, prefix, industry);
      return this.view(industry, version, 'versioned', null);
    } catch (error) {
      return this.unreadable(industry, error);
    }
  }

  /** Creates the ledger version when it has none yet; null when Redis does not answer. */
  async initialiseLedger(): Promise<string | null> {
    try {
      return await initialiseLedgerVersion(this.redis.redis, this.config.TRANSPORT_PREFIX);
    } catch (error) {
      this.logger.warn(`Ledger version unreadable, not caching: ${String(error)}`);
      return null;
    }
  }

  private view(
    industry: string,
    version: string | null,
    state: IndustryCacheView['version'],
    ledgerVersion: string | null,
  ): IndustryCacheView {
    const scope = { industry, version };
    return {
      industry,
      version: state,
      ledgerVersion,
      getOrLoad: (what, load, keep) => this.cache.getOrLoad(scope, what, load, keep),
      getOrLoadCompanyRead: (what, load, keep) =>
        this.companyReads.getOrLoad(scope, what, load, keep),
    };
  }

  private unreadable(industry: string, error: unknown): IndustryCacheView {
    // Without the version a cached value may be stale: answer from Postgres instead.
    this.logger.warn(`Data version of ${industry} unreadable, not caching: ${String(error)}`);
    return this.view(industry, null, 'unreadable', null);
  }
}
