import {
  SEARCH_INDEX_BATCH,
  SearchIndexJobs,
  searchIndexJobs,
  type SearchIndexJobData,
} from '@upright/contracts';
import { QueueProducer, type QueueConnectionConfig } from '@upright/platform';
import type { PrismaClient } from '../generated/prisma/client';
import { documentsPage, inactiveIndustryIds } from './search-documents.repository';

/**
 * After an import: every company and active industry document goes to the `search-index` queue
 * (upserts of SEARCH_INDEX_BATCH documents), and inactive industries are removed, so the data is
 * searchable without a restart. Upserts and removals are idempotent; jobs are durable in Redis
 * until the search service applies them.
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
    const inactive = await inactiveIndustryIds(db);
    for (let start = 0; start < inactive.length; start += SEARCH_INDEX_BATCH) {
      const ids = inactive.slice(start, start + SEARCH_INDEX_BATCH);
      await queue.add(SearchIndexJobs.remove, { app: 'industries', ids });
    }
    return pushed;
  } finally {
    await queue.close();
  }
}
