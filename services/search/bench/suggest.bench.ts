/**
 * In-process cost of search-as-you-type on the embedded engine: the index part of a
 * suggestion answer (what `ReactiveSearchService` computes per typed prefix, analytics aside) for
 * 1-, 2-, 3- and 5-letter prefixes of indexed names, on `make sample-large`'s companies.
 *
 *   TSX_TSCONFIG_PATH=tsconfig.tests.json node --expose-gc --import tsx \
 *     services/search/bench/suggest.bench.ts [companies=50000] [rounds=3]
 *
 * "new query": every query is one the engine has not answered yet (no answer-cache hit);
 * "after a change": besides, one company is changed (untimed) before every query, as an import
 * does, so the postings of its words are made again; "warm" repeats one query (a cache hit).
 * Times are CPU time of this process per query (`process.cpuUsage`), which other processes on a
 * shared machine disturb less than wall time; wall time is printed beside.
 *
 * "never asked" (last, or alone: `suggest.bench.ts 50000 1 never-asked [values=20000]`): the
 * workload of `infra/bench/search.ts`'s `neverAsked`, distinct typed values (prefixes of 2 to 10
 * letters of names, fuzziness AUTO, size 5), each asked once, none a cache hit; by value length
 * (at 50,000 companies the typed prefixes asked before take every value of 2 or 3 letters).
 */
import type { CompanySearchDocument, SearchFuzziness } from '@upright/contracts';
import { EmbeddedEngine } from '../src/engine/embedded/embedded-engine';
import { MemoryDocumentStore } from '../src/engine/embedded/memory-document-store';
import { planQueries } from '../src/engine/query-plan';
import { queryModel } from '../src/engine/spec-support';
import { searchIndexSuggestions } from '../src/reactivesearch/suggestions';
import { sampleCompanyDocuments } from './sample-companies';
import { neverAskedValues } from './workloads';

const COMPANIES = Number(process.argv[2] ?? 50_000);
const ROUNDS = Number(process.argv[3] ?? 3);
const MODE = process.argv[4] ?? 'all';
const NEVER_ASKED = Number(process.argv[5] ?? 20_000);
const LENGTHS = [1, 2, 3, 5];
const PREFIXES_PER_LENGTH = 100;
const DATA_FIELD = [
  { field: 'company_name', weight: 3 },
  { field: 'brands', weight: 1 },
  { field: 'subsidiaries', weight: 1 },
];

function suggestionQuery(prefix: string, fuzziness: SearchFuzziness, size = 5) {
  const model = queryModel({
    id: 'q',
    type: 'suggestion',
    dataField: DATA_FIELD,
    value: prefix,
    fuzziness,
    size,
  });
  return planQueries('companies', [model])[0];
}

function lengthGroup(value: string): string {
  if (value.length <= 3) return String(value.length);
  return value.length <= 5 ? '4-5' : '6-10';
}

function report(label: string, cpu: number[], wallMs: number): void {
  cpu.sort((a, b) => a - b);
  const mean = cpu.reduce((sum, value) => sum + value, 0) / cpu.length;
  console.log(
    `${label}: CPU mean ${mean.toFixed(0)} µs, p50 ${quantile(cpu, 0.5).toFixed(0)} µs, ` +
      `p95 ${quantile(cpu, 0.95).toFixed(0)} µs; wall mean ` +
      `${((wallMs * 1000) / cpu.length).toFixed(0)} µs (${cpu.length} queries)`,
  );
}

async function neverAsked(
  engine: EmbeddedEngine,
  documents: readonly CompanySearchDocument[],
): Promise<void> {
  const values = neverAskedValues(documents, NEVER_ASKED);
  const groups = new Map<string, { cpu: number[]; wall: number }>(
    ['2', '3', '4-5', '6-10', 'all'].map((group) => [group, { cpu: [], wall: 0 }]),
  );
  for (const value of values) {
    const planned = suggestionQuery(value, 'AUTO', 5);
    const begun = performance.now();
    const used = process.cpuUsage();
    await searchIndexSuggestions(engine, 'companies', planned);
    const { user, system } = process.cpuUsage(used);
    const wall = performance.now() - begun;
    for (const group of [lengthGroup(value), 'all']) {
      const kept = groups.get(group) as { cpu: number[]; wall: number };
      kept.cpu.push(user + system);
      kept.wall += wall;
    }
  }
  for (const [group, { cpu, wall }] of groups) {
    if (cpu.length > 0) report(`never asked, ${group.padEnd(4)} letters`, cpu, wall);
  }
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
  const buildUsed = process.cpuUsage();
  await engine.start();
  const buildCpu = process.cpuUsage(buildUsed);
  const buildMs = performance.now() - started;
  global.gc?.();
  const heap = process.memoryUsage().heapUsed - heapBefore;
  console.log(
    `${COMPANIES} companies: index built in ${buildMs.toFixed(0)} ms ` +
      `(CPU ${((buildCpu.user + buildCpu.system) / 1000).toFixed(0)} ms), heap +${mib(heap)}` +
      (global.gc ? '' : ' (run with --expose-gc for an exact heap figure)'),
  );

  // Untimed: the first queries also compile the code they run.
  for (const word of words.slice(0, 300)) {
    await searchIndexSuggestions(engine, 'companies', suggestionQuery(word.slice(0, 3), 'AUTO', 4));
  }
  if (MODE === 'never-asked') {
    await neverAsked(engine, documents);
    await engine.close();
    return;
  }
  const modes = [
    { fuzziness: 'AUTO', afterChange: false },
    { fuzziness: 0, afterChange: false },
    { fuzziness: 'AUTO', afterChange: true },
  ] as const;
  for (const { fuzziness, afterChange } of modes) {
    for (const length of LENGTHS) {
      const step = Math.floor(words.length / PREFIXES_PER_LENGTH);
      const prefixes = [
        ...new Set(
          Array.from({ length: PREFIXES_PER_LENGTH }, (_, index) =>
            words[index * step].slice(0, length).toLowerCase(),
          ),
        ),
      ];
      const cpu: number[] = [];
      let wall = 0;
      for (let round = 0; round < ROUNDS; round++) {
        for (const [at, prefix] of prefixes.entries()) {
          if (afterChange) {
            // Untimed: one company changed, as an import changes them (new index version).
            const changed = {
              ...documents[at],
              updated: `2020-01-${String(round + 1).padStart(2, '0')}`,
            };
            await engine.upsert('companies', [changed]);
          }
          // Another size each round: never an answer the engine kept from an earlier round.
          const planned = suggestionQuery(prefix, fuzziness, 5 + round);
          const begun = performance.now();
          const used = process.cpuUsage();
          await searchIndexSuggestions(engine, 'companies', planned);
          const { user, system } = process.cpuUsage(used);
          wall += performance.now() - begun;
          cpu.push(user + system);
        }
      }
      report(
        `${afterChange ? 'after a change' : 'new query     '} fuzziness ` +
          `${String(fuzziness).padEnd(4)} ${length}-letter prefixes`,
        cpu,
        wall,
      );
    }
  }
  const planned = suggestionQuery(words[0].slice(0, 3), 'AUTO');
  await searchIndexSuggestions(engine, 'companies', planned);
  const repeats = 500;
  const used = process.cpuUsage();
  for (let index = 0; index < repeats; index++) {
    await searchIndexSuggestions(engine, 'companies', planned);
  }
  const { user, system } = process.cpuUsage(used);
  console.log(
    `warm (answer cache): one 3-letter prefix repeated: CPU ${((user + system) / repeats).toFixed(0)} µs per query`,
  );
  await neverAsked(engine, documents);
  await engine.close();
}

void main();
