/**
 * `make reindex`: asks the running search service to rebuild every index from the documents of
 * rankings and reports (paged over the transport) and swap the new indices in. The request is a
 * `rebuild` job on the durable `search-index` queue, so it runs after the updates queued before
 * it; this command waits for its outcome. Exit codes: 0 rebuilt, 1 failed, 2 could not ask.
 */
import { Queues, SEARCH_APPS, SearchIndexJobs, type SearchIndexJobData } from '@upright/contracts';
import { redisUrl } from '@upright/platform';
import { Queue, QueueEvents } from 'bullmq';
import { z } from 'zod';
import { queueConnection } from '../indexing/queue-connection';

const envSchema = z.object({
  REDIS_URL: redisUrl.default('redis://127.0.0.1:6379'),
  QUEUE_PREFIX: z.string().default('upright'),
  REINDEX_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .default(30 * 60_000),
});

async function main(): Promise<number> {
  const parsed = envSchema.safeParse(process.env);
  if (!parsed.success) {
    console.error(
      `reindex: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
    return 2;
  }
  const env = parsed.data;
  const connections = [
    queueConnection(env.REDIS_URL, 'search-reindex'),
    queueConnection(env.REDIS_URL, 'search-reindex-events'),
  ];
  const queue = new Queue<SearchIndexJobData['rebuild']>(Queues.searchIndex, {
    connection: connections[0],
    prefix: env.QUEUE_PREFIX,
  });
  const events = new QueueEvents(Queues.searchIndex, {
    connection: connections[1],
    prefix: env.QUEUE_PREFIX,
  });
  try {
    await events.waitUntilReady();
    const job = await queue.add(SearchIndexJobs.rebuild, { apps: [...SEARCH_APPS] });
    console.log(`reindex: queued job ${job.id}; waiting for the search service…`);
    const counts = await job.waitUntilFinished(events, env.REINDEX_TIMEOUT_MS);
    console.log(`reindex: done ${JSON.stringify(counts)}`);
    return 0;
  } catch (error) {
    console.error(`reindex: ${(error as Error).message}`);
    return 1;
  } finally {
    await events.close();
    await queue.close();
    for (const connection of connections) connection.disconnect();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(2);
  },
);
