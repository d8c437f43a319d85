import {
  SEARCH_INDEX_BATCH,
  SearchIndexJobs,
  searchIndexJobs,
  type SearchApp,
  type SearchIndexJobData,
} from '@upright/contracts';
import { QueueProducer, type QueueConnectionConfig } from '@upright/platform';
import type { PrismaClient } from '../generated/prisma/client';
import {
  companyIdsOutsideActiveIndustries,
  documentsPage,
  inactiveIndustryIds,
} from './search-documents.repository';

/**
 * After an import: every company and active industry document goes to the `search-index` queue
 * (upserts of SEARCH_INDEX_BATCH documents), and inactive industries are removed with the
 * companies no active industry lists, so the data is searchable, and no longer findable where
 * it has no page, without a restart. Upserts and removals are idempotent; jobs are durable in
 * Redis until the search service applies them.
 */
export async function pushToSearchIndex(
  db: PrismaClient,
  config: QueueConnectionConfig,
): Promise<number> {
  const queue = new QueueProducer(searchIndexJobs, config);
  let pushed = 0;
  try {
    for (const app of ['industries', 'companies'] as const) {
      let after: string | null = null;
      for (;;) {
        const documents = await documentsPage(db, app, after, SEARCH_INDEX_BATCH);
        if (documents.length === 0) break;
        await queue.add(SearchIndexJobs.upsert, { app, documents } as SearchIndexJobData['upsert']);
        pushed += documents.length;
        if (documents.length < SEARCH_INDEX_BATCH) break;
        after = documents[documents.length - 1].id;
      }
    }
    const removals = {
      industries: await inactiveIndustryIds(db),
      companies: await companyIdsOutsideActiveIndustries(db),
    };
    for (const [app, gone] of Object.entries(removals) as [SearchApp, string[]][]) {
      for (let start = 0; start < gone.length; start += SEARCH_INDEX_BATCH) {
        const ids = gone.slice(start, start + SEARCH_INDEX_BATCH);
        await queue.add(SearchIndexJobs.remove, { app, ids });
      }
    }
    return pushed;
  } finally {
    await queue.close();
  }
}
