/**
 * In-process cost of search-as-you-type on the embedded engine (issue 11): the index part of a
 * suggestion answer (what `ReactiveSearchService` computes per typed prefix, analytics aside) for
 * 1-, 2-, 3- and 5-letter prefixes of indexed names, on `make sample-large`'s companies.
 *
 *   npx tsx services/search/bench/suggest.bench.ts [companies=50000] [rounds=3]
 *
 * Every query of a round is distinct from the previous round's only by the index version (one
 * document is re-upserted between rounds), so no figure is an answer-cache hit unless it says so.
 */
import type { SearchFuzziness } from '@upright/contracts';
import { EmbeddedEngine } from '../src/engine/embedded/embedded-engine';
import { MemoryDocumentStore } from '../src/engine/embedded/memory-document-store';
import { planQueries } from '../src/engine/query-plan';
import { queryModel } from '../src/engine/spec-support';
import { searchIndexSuggestions } from '../src/reactivesearch/suggestions';
import { sampleCompanyDocuments } from './sample-companies';

const COMPANIES = Number(process.argv[2] ?? 50_000);
const ROUNDS = Number(process.argv[3] ?? 3);
const LENGTHS = [1, 2, 3, 5];
const PREFIXES_PER_LENGTH = 100;
const DATA_FIELD = [
  { field: 'company_name', weight: 3 },
  { field: 'brands', weight: 1 },
  { field: 'subsidiaries', weight: 1 },
];

function suggestionQuery(prefix: string, fuzziness: SearchFuzziness) {
  const model = queryModel({
    id: 'q',
    type: 'suggestion',
    dataField: DATA_FIELD,
    value: prefix,
    fuzziness,
    size: 5,
  });
  return planQueries('companies', [model])[0];
}

function mib(bytes: number): string {
  return `${(bytes / 2 ** 20).toFixed(0)} MiB`;
}

function quantile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

async function main(): Promise<void> {
  const documents = sampleCompanyDocuments(COMPANIES);
  const words = documents
    .flatMap((document) => document.company_name.split(' '))
    .filter((word) => word.length >= 5);
  const store = new MemoryDocumentStore();
  await store.replace('companies', documents);
  global.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  const engine = new EmbeddedEngine(store);
  const started = performance.now();
  await engine.start();
  const buildMs = performance.now() - started;
  global.gc?.();
  const heap = process.memoryUsage().heapUsed - heapBefore;
  console.log(
    `${COMPANIES} companies: index built in ${buildMs.toFixed(0)} ms, heap +${mib(heap)}` +
      (global.gc ? '' : ' (run with --expose-gc for an exact heap figure)'),
  );

  for (const fuzziness of ['AUTO', 0] as const) {
    for (const length of LENGTHS) {
      const step = Math.floor(words.length / PREFIXES_PER_LENGTH);
      const prefixes = Array.from({ length: PREFIXES_PER_LENGTH }, (_, index) =>
        words[index * step].slice(0, length),
      );
      const timings: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        // A change to the index, so the round cannot be answered from a cache of the last one.
        await engine.upsert('companies', [documents[round]]);
        for (const prefix of prefixes) {
          const planned = suggestionQuery(prefix, fuzziness);
          const begun = performance.now();
          await searchIndexSuggestions(engine, 'companies', planned);
          timings.push((performance.now() - begun) * 1000);
        }
      }
      timings.sort((a, b) => a - b);
      const mean = timings.reduce((sum, value) => sum + value, 0) / timings.length;
      console.log(
        `fuzziness ${String(fuzziness).padEnd(4)} ${length}-letter prefixes: ` +
          `mean ${mean.toFixed(0)} µs, p50 ${quantile(timings, 0.5).toFixed(0)} µs, ` +
          `p95 ${quantile(timings, 0.95).toFixed(0)} µs (${timings.length} queries)`,
      );
    }
  }
  const planned = suggestionQuery(words[0].slice(0, 3), 'AUTO');
  await searchIndexSuggestions(engine, 'companies', planned);
  const repeats = 2000;
  const begun = performance.now();
  for (let index = 0; index < repeats; index++) {
    await searchIndexSuggestions(engine, 'companies', planned);
  }
  console.log(
    `same 3-letter prefix repeated: ${(((performance.now() - begun) * 1000) / repeats).toFixed(1)} µs per query`,
  );
  await engine.close();
}

void main();
