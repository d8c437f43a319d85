import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { Queues, SEARCH_APPS, SearchIndexJobs, type SearchIndexJob } from '@upright/contracts';
import { bullmqOptions, PublicData } from '@upright/platform';
import { UnrecoverableError, Worker, type Job } from 'bullmq';
import { SEARCH_CONFIG, type SearchConfig } from '../config/search-config';
import type { SearchEngine } from '../engine/engine';
import { SEARCH_ENGINE } from '../engine/engine.module';
import { parseIndexJob } from './document-schemas';
import { OwnerPages } from './owner-pages';
import { rebuildApp } from './rebuild';

/**
 * Applies `search-index` jobs to the engine, one at a time: a rebuild is never interleaved with
 * upserts, which wait in the queue and are applied to the new index after the swap. Jobs are
 * durable in Redis: a job taken by a process that dies returns to the queue once its lock expires.
 */
@Injectable()
export class IndexWorker implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('IndexWorker');
  private worker?: Worker;

  constructor(
    @Inject(SEARCH_CONFIG) private readonly config: SearchConfig,
    @Inject(SEARCH_ENGINE) private readonly engine: SearchEngine,
    private readonly owners: OwnerPages,
    private readonly publicData: PublicData,
  ) {}

  onModuleInit(): void {
    this.worker = new Worker(Queues.searchIndex, (job) => this.process(job), {
      ...bullmqOptions(this.config),
      concurrency: 1,
    });
    this.worker.on('failed', (job, error) =>
      this.logger.warn({ job: job?.name, id: job?.id, err: error.message }, 'index job failed'),
    );
    this.worker.on('error', (error) => this.logger.warn({ err: error.message }, 'queue error'));
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker?.close();
  }

  async process(job: Job): Promise<unknown> {
    const parsed = parseIndexJob(job.name, job.data);
    // A malformed job would fail the same way on every retry.
    if (!parsed.ok) throw new UnrecoverableError(parsed.problem);
    const before = SEARCH_APPS.map((app) => this.engine.version(app)).join();
    const result = await this.apply(parsed.job);
    // Search answers kept by the BFF replicas were made from the index as it was; documents
    // sent again unchanged leave the index, its versions and those answers as they are.
    if (SEARCH_APPS.map((app) => this.engine.version(app)).join() !== before) {
      await this.publicData.changed('search');
    }
    return result;
  }

  private async apply(job: SearchIndexJob): Promise<unknown> {
    switch (job.name) {
      case SearchIndexJobs.upsert:
        await this.engine.upsert(job.data.app, job.data.documents);
        return { upserted: job.data.documents.length };
      case SearchIndexJobs.remove:
        await this.engine.remove(job.data.app, job.data.ids);
        return { removed: job.data.ids.length };
      case SearchIndexJobs.rebuild: {
        const counts: Record<string, number> = {};
        for (const app of job.data.apps) {
          counts[app] = await rebuildApp(this.engine, app, this.owners.pages);
        }
        this.logger.log({ counts }, 'indices rebuilt');
        return counts;
      }
    }
  }
}
