/**
 * Search (issue 5): suggestion and search latency through the BFF with 50,000 companies indexed,
 * beside the same queries run directly on the embedded engine in this process.
 *
 * The companies are those of `make sample-large N=50000` (same generator, same seed). They reach
 * a search process of this suite through the `search-index` queue, as an import sends them; the
 * indexing time is reported too. Bodies are ReactiveSearch API bodies of the site's search bar;
 * the in-process figures run the query model the BFF builds from the same bodies, so the ratio
 * is the cost of HTTP, validation, the transport and JSON around the engine.
 *
 * Latency loops are sequential (one request at a time): p50/p95 are per-request latencies, not
 * queueing. A throughput row uses the runner's connections.
 */
import {
  Queues,
  SEARCH_INDEX_BATCH,
  SearchIndexJobs,
  type CompanySearchDocument,
  type SearchApp,
  type SearchDocumentOf,
} from '@upright/contracts';
import { bullmqOptions } from '@upright/platform';
import { Queue, QueueEvents } from 'bullmq';
import { randomUUID } from 'node:crypto';
import { parseReactiveSearchBody } from '../../bff/src/search/reactivesearch-body';
import { sampleCompanyDocuments } from '../../services/search/bench/sample-companies';
import type { DocumentStore } from '../../services/search/src/engine/embedded/document-store';
import { EmbeddedEngine } from '../../services/search/src/engine/embedded/embedded-engine';
import { planQueries } from '../../services/search/src/engine/query-plan';
import type { SuiteContext } from './run';
import { startProcess, stopProcess } from '../local/process-stack';

const COMPANIES = Number(process.env.BENCH_SEARCH_COMPANIES ?? 50_000);
const LATENCY_REQUESTS = Number(process.env.BENCH_SEARCH_REQUESTS ?? 400);

/** Keeps documents in memory: the in-process engine needs no database for a latency figure. */
class MemoryStore implements DocumentStore {
  private readonly documents = new Map<SearchApp, SearchDocumentOf[SearchApp][]>();
  async load<A extends SearchApp>(app: A) {
    return (this.documents.get(app) ?? []) as SearchDocumentOf[A][];
  }
  async upsert() {}
  async remove() {}
  async replace<A extends SearchApp>(app: A, documents: SearchDocumentOf[A][]) {
    this.documents.set(app, documents);
  }
}

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
function searchBody(term: string) {
  return {
    query: [
      {
        id: 'results',
        type: 'search',
        dataField: 'company_name',
        size: 20,
        react: { and: ['search'] },
      },
      {
        id: 'search',
        type: 'search',
        dataField: DATA_FIELD,
        value: term,
        fuzziness: 'AUTO',
        execute: false,
      },
    ],
  };
}

/** Typed prefixes and whole words taken from the indexed names, so every query finds something. */
function workload(documents: CompanySearchDocument[]) {
  const words = documents
    .filter((_, index) => index % 997 === 0)
    .map((document) => document.company_name.split(' ')[0]);
  return {
    suggestions: words.map((word) => suggestionBody(word.slice(0, 3).toLowerCase())),
    searches: words.map((word) => searchBody(word)),
  };
}

interface Latency {
  requests: number;
  p50Ms: number;
  p95Ms: number;
  errors: number;
}

function percentile(sorted: readonly number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? 0;
}

async function sequential(
  count: number,
  run: (index: number) => Promise<boolean>,
): Promise<Latency> {
  for (let warm = 0; warm < 20; warm++) await run(warm);
  const latencies: number[] = [];
  let errors = 0;
  for (let index = 0; index < count; index++) {
    const started = performance.now();
    const ok = await run(index);
    latencies.push(performance.now() - started);
    if (!ok) errors++;
  }
  latencies.sort((a, b) => a - b);
  return {
    requests: count,
    p50Ms: percentile(latencies, 0.5),
    p95Ms: percentile(latencies, 0.95),
    errors,
  };
}

async function concurrent(
  connections: number,
  seconds: number,
  run: (index: number) => Promise<boolean>,
): Promise<{ requestsPerSecond: number; p50Ms: number; p95Ms: number; errors: number }> {
  const latencies: number[] = [];
  let errors = 0;
  let sent = 0;
  const stopAt = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < stopAt) {
        const begun = performance.now();
        if (!(await run(sent++))) errors++;
        latencies.push(performance.now() - begun);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return {
    requestsPerSecond: latencies.length / ((performance.now() - started) / 1000),
    p50Ms: percentile(latencies, 0.5),
    p95Ms: percentile(latencies, 0.95),
    errors,
  };
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
  const searchDatabaseUrl = process.env.SEARCH_DATABASE_URL;
  if (!searchDatabaseUrl)
    throw new Error('SEARCH_DATABASE_URL must be set (see infra/local/local.env)');
  const space = `bench-${randomUUID().slice(0, 8)}`;
  const documents = sampleCompanyDocuments(COMPANIES);
  const search = await startProcess('search', 'services/search/dist/main.js', 18085, {
    REDIS_URL: context.transport.redisUrl,
    TRANSPORT_PREFIX: context.transport.keyPrefix,
    DATABASE_URL: searchDatabaseUrl,
    QUEUE_PREFIX: space,
    SEARCH_INDEX_PREFIX: space,
  });
  const engine = new EmbeddedEngine(new MemoryStore());
  try {
    const indexSeconds = await indexThroughQueue(context.transport.redisUrl, space, documents);
    const build = await engine.beginBuild('companies');
    await build.add(documents);
    await build.swap();

    const { suggestions, searches } = workload(documents);
    const failures: string[] = [];
    const viaBff = (bodies: object[]) => async (index: number) => {
      try {
        const response = await fetch(`${context.bffUrl}/api/search/companies/_reactivesearch.v3`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(bodies[index % bodies.length]),
        });
        await response.arrayBuffer();
        return response.ok;
      } catch (error) {
        failures.push((error as Error).cause ? String((error as Error).cause) : String(error));
        return false;
      }
    };
    const inProcess = (bodies: object[]) => {
      const plans = bodies.map((body) =>
        planQueries('companies', parseReactiveSearchBody('companies', body).queries),
      );
      return async (index: number) => {
        await Promise.all(plans[index % plans.length].map((plan) => engine.search(plan.engine)));
        return true;
      };
    };

    const figures = {
      companies: documents.length,
      indexSeconds,
      suggestion: {
        bff: await sequential(LATENCY_REQUESTS, viaBff(suggestions)),
        engine: await sequential(LATENCY_REQUESTS, inProcess(suggestions)),
      },
      search: {
        bff: await sequential(LATENCY_REQUESTS, viaBff(searches)),
        engine: await sequential(LATENCY_REQUESTS, inProcess(searches)),
      },
      suggestionThroughput: await concurrent(
        context.load.connections,
        context.load.durationSeconds,
        viaBff(suggestions),
      ),
    };
    const ratio = (kind: 'suggestion' | 'search') => ({
      p50: figures[kind].bff.p50Ms / figures[kind].engine.p50Ms,
      p95: figures[kind].bff.p95Ms / figures[kind].engine.p95Ms,
    });
    const ratios = { suggestion: ratio('suggestion'), search: ratio('search') };

    console.log(
      `\nsearch — ${documents.length} companies indexed through the queue in ${indexSeconds.toFixed(1)} s; ${LATENCY_REQUESTS} sequential requests each`,
    );
    console.log(
      `${'what'.padEnd(40)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'errors'.padStart(7)}`,
    );
    for (const kind of ['suggestion', 'search'] as const) {
      for (const [label, latency] of [
        [`${kind}: BFF → search (HTTP)`, figures[kind].bff],
        [`${kind}: engine in-process`, figures[kind].engine],
      ] as const) {
        console.log(
          `${label.padEnd(40)} ${latency.p50Ms.toFixed(2).padStart(8)} ${latency.p95Ms.toFixed(2).padStart(8)} ${String(latency.errors).padStart(7)}`,
        );
      }
      console.log(
        `${kind} ratio BFF/engine: p50 ${ratios[kind].p50.toFixed(1)}×, p95 ${ratios[kind].p95.toFixed(1)}×`,
      );
    }
    const t = figures.suggestionThroughput;
    console.log(
      `suggestions, ${context.load.connections} connections for ${context.load.durationSeconds} s: ${t.requestsPerSecond.toFixed(0)} req/s, p50 ${t.p50Ms.toFixed(1)} ms, p95 ${t.p95Ms.toFixed(1)} ms, ${t.errors} errors`,
    );
    if (failures.length > 0)
      console.log(`failed requests: ${failures.length}, first: ${failures[0]}`);
    context.save('search', { ...figures, ratios, failures: failures.length });
  } finally {
    await engine.close();
    await stopProcess(search);
    const { Client } = await import('pg');
    const db = new Client({ connectionString: searchDatabaseUrl });
    await db.connect();
    await db
      .query('DELETE FROM search.documents WHERE space = $1', [space])
      .finally(() => db.end());
  }
}
