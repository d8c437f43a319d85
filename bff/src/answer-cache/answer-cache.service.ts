import {
  Inject,
  Injectable,
  Logger,
  OnApplicationBootstrap,
  OnApplicationShutdown,
  OnModuleInit,
} from '@nestjs/common';
import { Metrics, SERVICE_CONFIG } from '@upright/platform';
import { Counter } from 'prom-client';
import { sharedAnswersWaitMs, type BffConfig } from '../config/config';
import { PublicDataFeed } from '../public-data/public-data-feed';
import { publicCacheControl } from './answer-headers';
import { AnswerStore } from './answer-store';
import { SharedAnswers } from './shared-answers';

const MB = 1024 * 1024;

/**
 * This replica's kept answers and the versions they are checked against
 * (docs/product/rules.md#s11), and the answers every replica shares (decision 0057). The
 * follower hears every version move on the broadcast stream, so a replica stops serving old bytes
 * as soon as the change is announced; while it cannot hear (Redis away), nothing is kept or
 * served from here.
 */
@Injectable()
export class AnswerCache implements OnModuleInit, OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(AnswerCache.name);
  readonly store: AnswerStore;
  readonly shared: SharedAnswers;
  readonly publicCacheControl: string;

  constructor(@Inject(SERVICE_CONFIG) config: BffConfig, metrics: Metrics, feed: PublicDataFeed) {
    this.store = new AnswerStore(config.ANSWER_CACHE_MB * MB);
    this.shared = new SharedAnswers(this.store, {
      redisUrl: config.REDIS_URL,
      transportPrefix: config.TRANSPORT_PREFIX,
      budgetBytes: config.SHARED_ANSWERS_MB * MB,
      ttlMs: config.SHARED_ANSWERS_TTL_S * 1000,
      waitMs: sharedAnswersWaitMs(config),
      timeoutMs: config.SHARED_ANSWERS_TIMEOUT_MS,
      lockMs: config.REQUEST_DEADLINE_MS,
      release: config.RELEASE_ID,
    });
    this.publicCacheControl = publicCacheControl(config.PUBLIC_MAX_AGE_S);
    this.store.setVersions(feed.follower.versions);
    feed.follower.onVersionsChanged((versions) => this.store.setVersions(versions));
    this.registerMetrics(metrics);
  }

  async onModuleInit(): Promise<void> {
    await this.shared.connect();
  }

  /**
   * Before the replica listens (so before it reports ready): the answers other replicas made
   * lately, so that a replica started into a crowd is warm (decision 0057).
   */
  async onApplicationBootstrap(): Promise<void> {
    const started = performance.now();
    const warmed = await this.shared.warm();
    if (warmed > 0) {
      const ms = (performance.now() - started).toFixed(0);
      this.logger.log(`Warmed with ${warmed} answers the other replicas made (${ms} ms)`);
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.shared.close();
  }

  private registerMetrics(metrics: Metrics): void {
    counters(metrics, 'upright_answer_cache', this.store.stats, {
      hits: 'Answers served from kept bytes',
      misses: 'Cacheable requests that found no current kept answer',
      evictions: 'Kept answers dropped to stay within ANSWER_CACHE_MB',
    });
    counters(metrics, 'upright_answer_cache_shared', this.shared.stats, {
      hits: "Local misses served with another replica's answer from Redis",
      misses: 'Local misses this replica answered itself after asking Redis',
      writes: 'Answers this replica wrote to Redis for the others',
      refused: "Answers not written: the window's SHARED_ANSWERS_MB was spent",
      errors: 'Redis calls of shared answers that failed or timed out (the request went on)',
      lockWaits: 'Local misses that waited for the answer another replica was making',
      warmed: 'Answers this replica kept from the shared store as it started',
    });
    metrics.sampledGauge(
      'upright_answer_cache_bytes',
      'Bytes of kept answers (identity, brotli and gzip)',
      () => this.store.snapshot.bytes,
    );
    metrics.sampledGauge(
      'upright_answer_cache_entries',
      'Kept answers',
      () => this.store.snapshot.entries,
    );
  }
}

/** A Prometheus counter per field of `stats` (`lockWaits`: `{prefix}_lock_waits_total`). */
function counters<Stats extends { [K in keyof Stats]: number }>(
  metrics: Metrics,
  prefix: string,
  stats: Stats,
  help: Record<keyof Stats & string, string>,
): void {
  for (const [field, text] of Object.entries(help) as [keyof Stats & string, string][]) {
    const name = field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
    let reported = 0;
    new Counter({
      name: `${prefix}_${name}_total`,
      help: text,
      registers: [metrics.registry],
      collect() {
        this.inc(stats[field] - reported);
        reported = stats[field];
      },
    });
  }
}
