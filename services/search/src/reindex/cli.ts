/**
 * `make reindex`: asks the running search service to rebuild every index from the documents of
 * rankings and reports (paged over the transport) and swap the new indices in. The request is a
 * `rebuild` job on the durable `search-index` queue, so it runs after the updates queued before
 * it; this command waits for its outcome. Exit codes: 0 rebuilt, 1 failed, 2 could not ask.
 */
import { SEARCH_APPS, SearchIndexJobs, searchIndexJobs } from '@upright/contracts';
import {
  bullmqOptions,
  commonConfigSchema,
  loadConfig,
  QueueProducer,
  queueConfigSchema,
  runCli,
} from '@upright/platform';
import { QueueEvents } from 'bullmq';
import { z } from 'zod';

const cliConfigSchema = commonConfigSchema
  .pick({ REDIS_URL: true })
  .extend(queueConfigSchema.shape)
  .extend({
    REINDEX_TIMEOUT_MS: z.coerce
      .number()
      .int()
      .min(1000)
      .default(30 * 60_000),
  });

async function main(): Promise<number> {
  const config = loadConfig(cliConfigSchema);
  const queue = new QueueProducer(searchIndexJobs, config);
  const events = new QueueEvents(searchIndexJobs.queue, bullmqOptions(config));
  try {
    await events.waitUntilReady();
    // A failed rebuild is reported at once, not retried: the operator decides to run it again.
    const job = await queue.add(
      SearchIndexJobs.rebuild,
      { apps: [...SEARCH_APPS] },
      { attempts: 1 },
    );
    console.log(`reindex: queued job ${job.id}; waiting for the search service…`);
    const counts = await job.waitUntilFinished(events, config.REINDEX_TIMEOUT_MS);
    console.log(`reindex: done ${JSON.stringify(counts)}`);
    return 0;
  } catch (error) {
    console.error(`reindex: ${(error as Error).message}`);
    return 1;
  } finally {
    await events.close();
    await queue.close();
  }
}

void runCli('reindex', main);
