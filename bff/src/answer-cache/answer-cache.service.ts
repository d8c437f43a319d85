import { Inject, Injectable } from '@nestjs/common';
import { Metrics, SERVICE_CONFIG } from '@upright/platform';
import { Counter, Gauge } from 'prom-client';
import type { BffConfig } from '../config';
import { PublicDataFeed } from '../public-data/public-data-feed';
import { publicCacheControl } from './answer-headers';
import { AnswerStore } from './answer-store';

/**
 * This replica's kept answers and the versions they are checked against
 * (docs/product/rules.md#s11). The follower hears every version move on the broadcast stream, so a
 * replica stops serving old bytes as soon as the change is announced; while it cannot hear (Redis
 * away), nothing is kept or served from here.
 */
@Injectable()
export class AnswerCache {
  readonly store: AnswerStore;
  readonly publicCacheControl: string;

  constructor(@Inject(SERVICE_CONFIG) config: BffConfig, metrics: Metrics, feed: PublicDataFeed) {
    this.store = new AnswerStore(config.ANSWER_CACHE_MB * 1024 * 1024);
    this.publicCacheControl = publicCacheControl(config.PUBLIC_MAX_AGE_S);
    this.store.setVersions(feed.follower.versions);
    feed.follower.onVersionsChanged((versions) => this.store.setVersions(versions));
    this.registerMetrics(metrics);
  }

  private registerMetrics(metrics: Metrics): void {
    const stats = this.store.stats;
    const counters = {
      hits: 'Answers served from kept bytes',
      misses: 'Cacheable requests that found no current kept answer',
      evictions: 'Kept answers dropped to stay within ANSWER_CACHE_MB',
    } as const;
    for (const [name, help] of Object.entries(counters) as [keyof typeof counters, string][]) {
      let reported = 0;
      new Counter({
        name: `upright_answer_cache_${name}_total`,
        help,
        registers: [metrics.registry],
        collect() {
          this.inc(stats[name] - reported);
          reported = stats[name];
        },
      });
    }
    const store = this.store;
    new Gauge({
      name: 'upright_answer_cache_bytes',
      help: 'Bytes of kept answers (identity, brotli and gzip)',
      registers: [metrics.registry],
      collect() {
        this.set(store.snapshot.bytes);
      },
    });
    new Gauge({
      name: 'upright_answer_cache_entries',
      help: 'Kept answers',
      registers: [metrics.registry],
      collect() {
        this.set(store.snapshot.entries);
      },
    });
  }
}
