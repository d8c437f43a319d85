/**
 * Search-as-you-type at 50,000 companies (docs/product/rules.md#s11), through the BFF at 50
 * connections, beside a bare node:http server sending one suggestion answer. Two workloads:
 * - typing: the prefixes (1 to 5 letters) of 400 names, in turn: what many visitors typing send,
 *   where popular prefixes repeat and the BFF's kept answers serve most of them;
 * - never asked before: distinct typed values (prefixes of 2 to 10 letters of names, into the second
 *   word, no two the same once folded as the engine folds them) with distinct query ids, so no
 *   kept answer of the BFF nor of the engine can serve one: each request is a new query (wrk's
 *   warm-up second asks from the list's middle, the measured run from its start).
 * The companies are those of `make sample-large N=50000` (same generator, same seed), indexed
 * through the `search-index` queue as an import sends them; the indexing time is reported too.
 */
import {
  Queues,
  SEARCH_INDEX_BATCH,
  SearchIndexJobs,
  type CompanySearchDocument,
} from '@upright/contracts';
import { bullmqOptions } from '@upright/platform';
import { Queue, QueueEvents } from 'bullmq';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { sampleCompanyDocuments } from '../../services/search/bench/sample-companies';
import { neverAskedValues, typedPrefixes } from '../../services/search/bench/workloads';
import { answeredPerSecond } from './wrk';
import type { Comparison, SuiteContext } from './suite';

const COMPANIES = Number(process.env.BENCH_SEARCH_COMPANIES ?? 50_000);

const DATA_FIELD = [
  { field: 'company_name', weight: 3 },
  { field: 'brands', weight: 1 },
  { field: 'subsidiaries', weight: 1 },
];

/** What the search bar sends while typing `prefix`, and on Enter with `term`. */
function suggestionBody(prefix: string) {
  return {
    query: [
      {
        id: 'search__internal',
        type: 'suggestion',
        dataField: DATA_FIELD,
        value: prefix,
        fuzziness: 'AUTO',
        size: 5,
      },
    ],
  };
}
/**
 * Never-asked bodies: the distinct values of `neverAskedValues`, with distinct ids too, so every
 * body is new to the BFF and every request is a query the engine computes.
 */
function neverAsked(documents: CompanySearchDocument[], count: number): string[] {
  return neverAskedValues(documents, count).map((value, index) => {
    const body = suggestionBody(value);
    body.query[0].id = `search__internal_${index}`;
    return JSON.stringify(body);
  });
}

async function indexThroughQueue(
  redisUrl: string,
  queuePrefix: string,
  documents: CompanySearchDocument[],
): Promise<number> {
  const options = bullmqOptions({ REDIS_URL: redisUrl, QUEUE_PREFIX: queuePrefix });
  const queue = new Queue(Queues.searchIndex, options);
  const events = new QueueEvents(Queues.searchIndex, options);
  try {
    await events.waitUntilReady();
    const started = performance.now();
    let last;
    for (let start = 0; start < documents.length; start += SEARCH_INDEX_BATCH) {
      last = await queue.add(SearchIndexJobs.upsert, {
        app: 'companies',
        documents: documents.slice(start, start + SEARCH_INDEX_BATCH),
      });
    }
    // One worker applies jobs in order: the last one done means all are.
    await last?.waitUntilFinished(events, 30 * 60_000);
    return (performance.now() - started) / 1000;
  } finally {
    await queue.obliterate({ force: true }).catch(() => undefined);
    await events.close();
    await queue.close();
  }
}

export async function benchSearch(context: SuiteContext): Promise<void> {
  const searchDatabaseUrl = context.env('SEARCH_DATABASE_URL');
  const space = `bench-${randomUUID().slice(0, 8)}`;
  const documents = sampleCompanyDocuments(COMPANIES);
  await context.start('search', {
    DATABASE_URL: searchDatabaseUrl,
    QUEUE_PREFIX: space,
    SEARCH_INDEX_PREFIX: space,
  });
  try {
    const indexSeconds = await indexThroughQueue(context.transport.redisUrl, space, documents);
    const path = '/api/search/companies/_reactivesearch.v3';
    const prefixes = typedPrefixes(documents);
    const typed = prefixes.map((prefix) => JSON.stringify(suggestionBody(prefix)));
    const fresh = neverAsked(documents, 50_000);
    const answer = await context.record(`${context.bffUrl}${path}`, { body: typed[0] });
    if (answer.status !== 200) throw new Error(`search answered ${answer.status}`);
    // Steady state of a site people type into: every typed prefix has been asked once.
    const warmStarted = performance.now();
    for (let next = 0; next < typed.length; next += 8) {
      await Promise.all(
        typed
          .slice(next, next + 8)
          .map((body) => context.record(`${context.bffUrl}${path}`, { body })),
      );
    }
    console.log(
      `asked each of the ${typed.length} typed prefixes once first (${((performance.now() - warmStarted) / 1000).toFixed(1)} s)`,
    );
    const comparisons: Comparison[] = [
      await context.compare(`suggestions, ${typed.length} typed prefixes`, answer, {
        path,
        bodies: typed,
      }),
      await context.compare('suggestions never asked before', answer, { path, bodies: fresh }),
    ];
    context.print(
      `Search suggestions — ${documents.length} companies (indexed through the queue in ${indexSeconds.toFixed(1)} s), ${context.connections} connections, ${context.seconds} s each`,
      comparisons.flatMap((c) => [
        [`bare  ${c.what.slice(0, 38)}`, c.bare],
        [`stack ${c.what.slice(0, 38)}`, c.stack],
      ]),
    );
    for (const c of comparisons) {
      const refused =
        c.stack.errors === 0
          ? ''
          : ` (${c.stack.requestsPerSecond.toFixed(0)} req/s counting ${c.stack.errors} refused or unanswered, which wrk asks again at once)`;
      console.log(
        `${c.what}: ${answeredPerSecond(c.stack).toFixed(0)} answers/s${refused}, p95 ${c.stack.p95Ms.toFixed(1)} ms (${c.throughputRatio.toFixed(2)}× bare in req/s)`,
      );
    }
    context.save('search', { companies: documents.length, indexSeconds, comparisons });
  } finally {
    const db = new Client({ connectionString: searchDatabaseUrl });
    await db.connect();
    await db
      .query('DELETE FROM search.documents WHERE space = $1', [space])
      .finally(() => db.end());
  }
}
