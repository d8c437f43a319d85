import { Logger } from '@nestjs/common';
import {
  type CompanySearchDocument,
  type SearchQueryResult,
  type SuggestionHit,
} from '@upright/contracts';
import { remoteError } from '@upright/platform';
import { sampleCompanyDocuments } from '../../bench/sample-companies';
import type { AnalyticsRepository } from '../analytics/analytics.repository';
import type { EngineQuery, SearchEngine } from '../engine/engine';
import { EmbeddedEngine } from '../engine/embedded/embedded-engine';
import { MemoryDocumentStore } from '../engine/embedded/memory-document-store';
import { queryModel } from '../engine/spec-support';
import { ReactiveSearchService } from './reactivesearch.service';

const DATA_FIELD = [
  { field: 'company_name', weight: 3 },
  { field: 'brands', weight: 1 },
  { field: 'subsidiaries', weight: 1 },
];

const typing = (id: string, value: string) => ({
  app: 'companies' as const,
  queries: [queryModel({ id, type: 'suggestion', dataField: DATA_FIELD, value, size: 3 })],
});

/** Analytics are never read nor written by a batch: any use of them fails the test. */
const noAnalytics = new Proxy({} as AnalyticsRepository, {
  get: (_, property) => () => {
    throw new Error(`a batch used analytics.${String(property)}`);
  },
});

describe('ReactiveSearchService.runBatch (the edge’s alike bodies, asked together)', () => {
  const documents: CompanySearchDocument[] = sampleCompanyDocuments(300);
  let engine: EmbeddedEngine;

  beforeAll(async () => {
    const store = new MemoryDocumentStore();
    await store.replace('companies', documents);
    engine = new EmbeddedEngine(store);
    await engine.start();
  });

  it('answers each body, in the order asked, exactly as a run of it alone without recording', async () => {
    const service = new ReactiveSearchService(engine, noAnalytics);
    const values = [documents[0].company_name.slice(0, 4), documents[7].company_name, 'zzyzx'];
    const bodies = values.map((value, index) => typing(`q${index}`, value));
    const { answers } = await service.runBatch({ bodies });
    const alone = await Promise.all(
      bodies.map((body) =>
        service.run({ ...body, recordAnalytics: false, memberUid: null, visitorKey: null }),
      ),
    );
    const withoutTook = (results: object) =>
      JSON.parse(JSON.stringify(results, (key, value) => (key === 'took' ? 0 : value)));
    expect(answers.map(withoutTook)).toEqual(alone.map(({ results }) => withoutTook({ results })));
    const named = answers[1] as { results: Record<string, SearchQueryResult> };
    const labels = named.results.q1.hits.hits.map((hit) => (hit as SuggestionHit).label);
    expect(labels).toContain(documents[7].company_name);
  });

  it('answers a body that fails with its own failure; the others asked with it still get theirs', async () => {
    const logged = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    const failing = {
      search: (query: EngineQuery) =>
        query.text?.value === 'refused'
          ? Promise.reject(remoteError('validation_failed', 'value refused', 'value'))
          : query.text?.value === 'broken'
            ? Promise.reject(new Error('index file unreadable'))
            : engine.search(query),
    } as Pick<SearchEngine, 'search'> as SearchEngine;
    const service = new ReactiveSearchService(failing, noAnalytics);
    const { answers } = await service.runBatch({
      bodies: [
        typing('a', 'refused'),
        typing('b', documents[3].company_name),
        typing('c', 'broken'),
      ],
    });
    expect(answers[0]).toEqual({
      failure: { code: 'validation_failed', message: 'value refused', field: 'value' },
    });
    expect(answers[1]).toMatchObject({
      results: { b: { hits: { total: { value: expect.any(Number) } } } },
    });
    // What the transport tells of any unexpected failure; the BFF shows the spec's text for it.
    expect(answers[2]).toEqual({ failure: { code: 'internal', message: 'Internal error' } });
    // A failure nobody meant is the operators' to see; one on purpose is the caller's answer.
    expect(logged).toHaveBeenCalledTimes(1);
    logged.mockRestore();
  });
});
