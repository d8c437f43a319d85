import { Inject, Logger } from '@nestjs/common';
import {
  SEARCH_APPS,
  SearchIndexJobs,
  searchIndexJobs,
  type SearchIndexJob,
} from '@upright/contracts';
import { PublicData, QueueWorker, type QueueConsumer } from '@upright/platform';
import type { SearchEngine } from '../engine/engine';
import { SEARCH_ENGINE } from '../engine/engine.module';
import { OwnerPages } from './owner-pages';
import { rebuildApp } from './rebuild';

/**
 * Applies `search-index` jobs to the engine, one at a time: a rebuild is never interleaved with
 * upserts, which wait in the queue and are applied to the new index after the swap. Jobs are
 * durable in Redis: a job taken by a process that dies returns to the queue once its lock expires.
 */
@QueueWorker(searchIndexJobs, { concurrency: 1 })
export class IndexWorker implements QueueConsumer<typeof searchIndexJobs> {
  private readonly logger = new Logger('IndexWorker');

  constructor(
    @Inject(SEARCH_ENGINE) private readonly engine: SearchEngine,
    private readonly owners: OwnerPages,
    private readonly publicData: PublicData,
  ) {}

  async process(job: SearchIndexJob): Promise<unknown> {
    const before = SEARCH_APPS.map((app) => this.engine.version(app)).join();
    const result = await this.apply(job);
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
