/**
 * ReactiveSearch request bodies as the library builds them. The queries come from
 * @appbaseio/reactivecore's own builder (getRSQuery / extractPropsFromState /
 * getDependentQueries: what its executeQuery action sends), from a store state shaped like the one
 * ReactiveSearch v4 holds for the site's search bar: a SearchBox `search` (suggestions while
 * typing) and a ReactiveList `results` (20 per page, docs/product/spec.md#s2) reacting to it. They
 * are sent with appbase-js, the client ReactiveBase uses, so path, headers and body framing are the
 * library's.
 */
import {
  extractPropsFromState,
  getDependentQueries,
  getRSQuery,
} from '@appbaseio/reactivecore/lib/utils/transform';
import Appbase from 'appbase-js';

export interface SearchBarState {
  /** What the SearchBox's input holds while typing (its internal value). */
  typed?: string;
  /** The SearchBox's selected value (after Enter or picking a suggestion). */
  selected?: string;
  /** The ReactiveList's selected page (1-based). */
  page?: number;
}

const searchBoxProps = {
  componentType: 'SEARCHBOX',
  dataField: [
    { field: 'company_name', weight: 3 },
    { field: 'brands', weight: 1 },
    { field: 'subsidiaries', weight: 1 },
  ],
  fuzziness: 'AUTO',
  queryFormat: 'or',
  size: 5,
  highlight: true,
  enablePopularSuggestions: true,
  enableRecentSuggestions: true,
  popularSuggestionsConfig: { size: 3 },
  recentSuggestionsConfig: { size: 5, minChars: 3 },
  includeFields: ['company_name', 'slug', 'industry'],
};

const resultListProps = {
  componentType: 'REACTIVELIST',
  dataField: 'company_name',
  size: 20,
  pagination: true,
  includeFields: ['company_name', 'brands', 'subsidiaries', 'updated', 'slug', 'industry'],
};

type Query = Record<string, unknown> & { id: string };

function storeState(state: SearchBarState) {
  return {
    props: {
      search: searchBoxProps,
      search__internal: searchBoxProps,
      results: resultListProps,
    },
    selectedValues: {
      ...(state.selected ? { search: { value: state.selected } } : {}),
      ...(state.page ? { results: { value: state.page } } : {}),
    },
    internalValues: state.typed ? { search__internal: { value: state.typed } } : {},
    dependencyTree: { results: { and: ['search'] } },
    customQueries: {},
    defaultQueries: {},
    customHighlightOptions: {},
    aggregations: {},
  };
}

/** Drops what JSON drops (undefined), as appbase-js does when it serialises the body. */
function asSent(queries: Query[]): Query[] {
  return JSON.parse(JSON.stringify(queries)) as Query[];
}

/** The queries executeQuery sends for `component`: its own, then those it reacts to. */
export function queriesFor(
  component: 'results' | 'search__internal',
  state: SearchBarState,
): Query[] {
  const store = storeState(state);
  const own = getRSQuery(
    component,
    extractPropsFromState(
      store,
      component,
      state.typed && component === 'search__internal' ? { value: state.typed } : undefined,
    ),
  ) as Query;
  const dependent = Object.values(getDependentQueries(store, component, [])) as Query[];
  return asSent([own, ...dependent]);
}

/** The four moments of the acceptance criteria. */
export const searchBarRequests = {
  mount: () => queriesFor('results', {}),
  typing: (typed: string) => queriesFor('search__internal', { typed }),
  enter: (value: string) => queriesFor('results', { selected: value }),
  page: (value: string, page: number) => queriesFor('results', { selected: value, page }),
};

export interface AppbaseAnswer {
  [queryId: string]: unknown;
  _headers: { get(name: string): string | null };
}

/** Sends queries the way ReactiveBase does (appbase-js), on `/_reactivesearch` or `.v3`. */
export function sendWithAppbase(
  apiUrl: string,
  app: string,
  queries: Query[],
  options: { v3?: boolean; recordAnalytics?: boolean; headers?: Record<string, string> } = {},
): Promise<AppbaseAnswer> {
  const client = Appbase({ url: `${apiUrl}/api/search`, app });
  if (options.headers) client.setHeaders(options.headers);
  const settings = { recordAnalytics: options.recordAnalytics ?? false, emptyQuery: true };
  return (
    options.v3
      ? client.reactiveSearchv3(queries, settings)
      : client.reactiveSearch(queries, settings)
  ) as Promise<AppbaseAnswer>;
}
