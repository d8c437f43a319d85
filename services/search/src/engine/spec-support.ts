import type { SearchApp, SearchQueryModel } from '@upright/contracts';
import type { EngineQuery } from './engine';
import { planQueries } from './query-plan';

/** A query model with the BFF's defaults, for tests. */
export function queryModel(
  overrides: Partial<SearchQueryModel> & Pick<SearchQueryModel, 'id'>,
): SearchQueryModel {
  return {
    type: 'search',
    execute: true,
    dataField: [{ field: 'company_name', weight: 1 }],
    value: null,
    react: null,
    fuzziness: 0,
    queryFormat: 'or',
    size: 10,
    from: 0,
    sortBy: null,
    sortField: null,
    includeFields: null,
    excludeFields: null,
    highlight: false,
    highlightFields: null,
    enablePopularSuggestions: false,
    enableRecentSuggestions: false,
    popularSuggestionsSize: 5,
    recentSuggestionsSize: 5,
    recentSuggestionsMinChars: 3,
    aggregation: null,
    ...overrides,
  };
}

/** The EngineQuery of query `id` among `queries`. */
export function engineQuery(
  app: SearchApp,
  queries: SearchQueryModel[],
  id = queries[queries.length - 1].id,
): EngineQuery {
  const planned = planQueries(app, queries).find((query) => query.model.id === id);
  if (!planned) throw new Error(`query ${id} is not executed`);
  return planned.engine;
}

/** Deterministic pseudo-random numbers (mulberry32), so every run of a test checks the same cases. */
export function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
