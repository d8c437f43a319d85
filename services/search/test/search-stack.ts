import {
  Queues,
  SearchIndexJobs,
  type SearchApp,
  type SearchDocumentOf,
  type SearchIndexJobData,
} from '@upright/contracts';
import { bullmqOptions } from '@upright/platform';
import type { StartedApp } from '@upright/platform/testing';
import { startTestApp, testInfra, uniqueTransportPrefix } from '@upright/platform/testing';
import { Queue, QueueEvents } from 'bullmq';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { searchService } from '../src/service';

/**
 * The search service on real Redis and Postgres, isolated per test file: its own transport
 * prefix, BullMQ prefix and index prefix (the embedded engine's document space).
 */
export class SearchStack {
  readonly infra = testInfra();
  readonly tag = randomUUID().slice(0, 8);
  readonly transportPrefix: string;
  readonly queuePrefix = `test-queue-${this.tag}`;
  readonly space = `test-${this.tag}`;
  /** BullMQ options of this stack's queues (its own prefix). */
  readonly queueOptions = bullmqOptions({
    REDIS_URL: this.infra.redisUrl,
    QUEUE_PREFIX: this.queuePrefix,
  });
  search?: StartedApp;
  readonly queue = new Queue(Queues.searchIndex, this.queueOptions);
  private readonly events = new QueueEvents(Queues.searchIndex, this.queueOptions);

  /** `transportPrefix`: join processes started elsewhere (e.g. the accounts stack). */
  constructor(transportPrefix = uniqueTransportPrefix('search')) {
    this.transportPrefix = transportPrefix;
  }

  get common(): Record<string, string> {
    return {
      REDIS_URL: this.infra.redisUrl,
      TRANSPORT_PREFIX: this.transportPrefix,
      REQUEST_DEADLINE_MS: '5000',
    };
  }

  /** `env`: search variables on top of the defaults (e.g. POPULAR_MIN_SEARCHERS). */
  async startSearch(env: Record<string, string> = {}): Promise<StartedApp> {
    this.search = await startTestApp(searchService, {
      ...this.common,
      DATABASE_URL: this.infra.databaseUrl('search'),
      QUEUE_PREFIX: this.queuePrefix,
      SEARCH_INDEX_PREFIX: this.space,
      ...env,
    });
    return this.search;
  }

  async stopSearch(): Promise<void> {
    await this.search?.app.close();
    this.search = undefined;
  }

  /** Enqueues upserts as rankings and reports do; with `wait`, returns once applied. */
  async index<A extends SearchApp>(app: A, documents: SearchDocumentOf[A][], wait = true) {
    const job = await this.queue.add(SearchIndexJobs.upsert, {
      app,
      documents,
    } as SearchIndexJobData['upsert']);
    if (wait) await this.finished(job.id!);
    return job;
  }

  async finished(jobId: string, timeoutMs = 20_000): Promise<unknown> {
    await this.events.waitUntilReady();
    const job = await this.queue.getJob(jobId);
    if (!job) throw new Error(`job ${jobId} is gone`);
    return job.waitUntilFinished(this.events, timeoutMs);
  }

  async close(): Promise<void> {
    await this.stopSearch();
    await this.queue.obliterate({ force: true }).catch(() => undefined);
    await this.queue.close();
    await this.events.close();
    const admin = new Client({ connectionString: this.infra.adminUrl() });
    await admin.connect();
    try {
      await admin.query('DELETE FROM search.documents WHERE space = $1', [this.space]);
      await admin.query('DELETE FROM search.searches WHERE space = $1', [this.space]);
    } finally {
      await admin.end();
    }
  }
}
