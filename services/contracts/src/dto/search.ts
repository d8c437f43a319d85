import type { SearchApp, SearchDocumentOf } from '../queues/search-index';
import type { RemoteErrorPayload } from '../errors';

/**
 * Search (docs/product/rules.md#s9). The BFF validates the browser's ReactiveSearch body into the
 * query model below and sends only that to the search service: the service never sees raw DSL.
 */

/**
 * Fields each app may be queried on. `text`: the docs/product/spec.md#s2 search bar fields (search
 * and suggestion queries, highlight, weights). `term`/`range`/`geo`: filter fields. `sort`: fields
 * a result list may be sorted by.
 */
export const SEARCH_APP_FIELDS = {
  companies: {
    text: ['company_name', 'brands', 'subsidiaries'],
    term: ['industry', 'industries', 'sectors'],
    range: ['updated'],
    geo: ['location'],
    sort: ['company_name', 'updated'],
  },
  industries: {
    text: ['industry_text', 'industry_alts'],
    term: [],
    range: [],
    geo: [],
    sort: ['industry_text'],
  },
  reports: {
    text: ['title'],
    term: ['industry', 'archived'],
    range: ['published_date'],
    geo: [],
    sort: ['title', 'published_date'],
  },
} as const satisfies Record<
  SearchApp,
  Record<'text' | 'term' | 'range' | 'geo' | 'sort', readonly string[]>
>;

/** Every field of each app's documents (`includeFields`/`excludeFields` may name these). */
export const SEARCH_DOCUMENT_FIELDS = {
  companies: [
    'id',
    'company_name',
    'slug',
    'brands',
    'subsidiaries',
    'industry',
    'industries',
    'sectors',
    'updated',
    'location',
  ],
  industries: ['id', 'industry_text', 'industry_alts', 'definition'],
  reports: ['id', 'title', 'slug', 'published_date', 'industry', 'archived'],
} as const satisfies { [A in SearchApp]: ReadonlyArray<keyof SearchDocumentOf[A]> };

export type SearchTextField<A extends SearchApp = SearchApp> =
  (typeof SEARCH_APP_FIELDS)[A]['text'][number];

/** docs/product/spec.md#s9 search defaults and limits. */
export const SEARCH_LIMITS = {
  defaultSize: 10,
  suggestionSize: 5,
  maxSize: 100,
  /** `from` beyond this is refused: deep paging is what a search box never needs. */
  maxFrom: 10_000,
  maxValueLength: 200,
  maxQueries: 20,
  /** `react` clauses nest at most this deep (a search bar's nest 2 or 3). */
  maxReactDepth: 16,
  recentSearchesSize: 5,
  recentSearchesMinChars: 3,
  /** Terms buckets a list may ask for (ReactiveSearch's lists ask 100 by default). */
  maxAggregationSize: 100,
} as const;

export const SEARCH_FUZZINESS = [0, 1, 2, 'AUTO'] as const;
export type SearchFuzziness = (typeof SEARCH_FUZZINESS)[number];

/** docs/product/spec.md#s9 distance units. */
export const DISTANCE_UNITS = ['mi', 'yd', 'ft', 'in', 'km', 'm', 'cm', 'mm', 'NM'] as const;
export type DistanceUnit = (typeof DISTANCE_UNITS)[number];

export const SEARCH_QUERY_TYPES = ['search', 'suggestion', 'term', 'range', 'geo'] as const;
export type SearchQueryType = (typeof SEARCH_QUERY_TYPES)[number];

/** `react` of the ReactiveSearch API: ids combined with and/or/not. Unknown ids are ignored. */
export type ReactClause =
  string | ReactClause[] | { and?: ReactClause; or?: ReactClause; not?: ReactClause };

export interface WeightedField {
  field: string;
  weight: number;
}

export interface GeoDistanceValue {
  distance: number;
  unit: DistanceUnit;
  location: { lat: number; lon: number };
}

export interface RangeValue {
  start: string | number | null;
  end: string | number | null;
}

/** One validated query of a ReactiveSearch request. */
export interface SearchQueryModel {
  id: string;
  type: SearchQueryType;
  /** `false`: the query only supplies a filter to the queries that react to it. */
  execute: boolean;
  dataField: WeightedField[];
  /** search/suggestion: the text; term: the values; range: bounds; geo: distance. Null: none. */
  value: string | string[] | RangeValue | GeoDistanceValue | null;
  react: ReactClause | null;
  fuzziness: SearchFuzziness;
  queryFormat: 'or' | 'and';
  size: number;
  from: number;
  sortBy: 'asc' | 'desc' | null;
  sortField: string | null;
  includeFields: string[] | null;
  excludeFields: string[] | null;
  highlight: boolean;
  highlightFields: string[] | null;
  /** Suggestion queries: popular and recent suggestions next to the index ones. */
  enablePopularSuggestions: boolean;
  enableRecentSuggestions: boolean;
  popularSuggestionsSize: number;
  recentSuggestionsSize: number;
  recentSuggestionsMinChars: number;
  /**
   * Term queries: the buckets (value and count) of their field, counted over the documents the
   * query's `react` lets through, so a list keeps offering the values it does not have selected.
   * Null for every other query type.
   */
  aggregation: TermsAggregation | null;
}

/** Order of terms buckets: most documents first (ties by value), or by value. */
export const AGGREGATION_ORDERS = ['count', 'asc', 'desc'] as const;
export type AggregationOrder = (typeof AGGREGATION_ORDERS)[number];

export interface TermsAggregation {
  field: string;
  size: number;
  order: AggregationOrder;
}

export interface AggregationBucket {
  key: string;
  doc_count: number;
}

export interface ReactiveSearchRequest {
  app: SearchApp;
  queries: SearchQueryModel[];
  /** Record the search for analytics (popular and recent searches); `settings.recordAnalytics`. */
  recordAnalytics: boolean;
  /** The signed-in member, for recent suggestions and recent searches; null for visitors. */
  memberUid: string | null;
  /**
   * A visitor's pseudonym (keyed hash of the client address and the day; null for members):
   * popular searches count distinct searchers, and this is how visitors are told apart.
   */
  visitorKey: string | null;
}

/**
 * Bodies whose answer is anyone's (no member, no visitor, nothing recorded: the edge's
 * `answersAlike`), asked together: the BFF sends the ones that arrive in one turn of its event
 * loop as one message, so a crowd typing new prefixes pays the transport once per turn, not once
 * per query (decision 0067). Each is answered as `reactiveSearch` would answer it.
 */
export interface ReactiveSearchBatchRequest {
  bodies: Array<Pick<ReactiveSearchRequest, 'app' | 'queries'>>;
}

/** One body's answer in a batch, in the order asked: its results, or why it failed alone. */
export type ReactiveSearchBatchAnswer =
  { results: Record<string, SearchQueryResult> } | { failure: RemoteErrorPayload };

export interface ReactiveSearchBatchResponse {
  answers: ReactiveSearchBatchAnswer[];
}

/** Bodies in one batch at most: a batch is one message's work in the search service's bound. */
export const SEARCH_BATCH_MAX_BODIES = 32;

export interface SearchHit {
  _id: string;
  _index: string;
  _score: number;
  _source: Record<string, unknown>;
  highlight?: Record<string, string[]>;
}

export type SuggestionType = 'index' | 'popular' | 'recent';

export interface SuggestionHit extends SearchHit {
  label: string;
  value: string;
  _suggestion_type: SuggestionType;
  _category?: null;
}

export interface SearchQueryResult {
  took: number;
  hits: { total: { value: number; relation: 'eq' }; max_score: number; hits: SearchHit[] };
  /** Term queries: `{ <field>: { buckets } }`, where ReactiveSearch's list components read them. */
  aggregations?: Record<string, { buckets: AggregationBucket[] }>;
}

export interface ReactiveSearchResponse {
  /** Id of the recorded search (the `X-Search-Id` header), null when nothing was recorded. */
  searchId: string | null;
  results: Record<string, SearchQueryResult>;
}

/** `PUT /api/search/{app}/_analytics/search` (docs/product/spec.md#s7: impressions). */
export interface SearchImpressionsRequest {
  app: SearchApp;
  queryId: string | null;
  query: string | null;
  impressions: Array<{ index: string; id: string }>;
  memberUid: string | null;
  /** As in ReactiveSearchRequest: the query may be recorded here. */
  visitorKey: string | null;
}
export interface SearchImpressionsResponse {
  query_id: string;
}

/**
 * `PUT /api/search/{app}/_analytics/click` (docs/product/spec.md#s7: click_type, click_on id →
 * position).
 */
export interface SearchClickRequest {
  app: SearchApp;
  queryId: string;
  clickType: 'result' | 'suggestion';
  clickOn: Record<string, number>;
  memberUid: string | null;
}

/** `GET /api/search/_analytics/{app}/recent-searches` for the signed-in member. */
export interface RecentSearchesRequest {
  app: SearchApp;
  memberUid: string;
  size: number;
  /** ISO dates bounding when the searches were made. */
  from: string | null;
  to: string | null;
  minChars: number;
}
export type RecentSearchesResponse = Array<{ key: string; count: number }>;

/**
 * `rankings.search-documents.list` and `reports.search-documents.list`: every search document an
 * owner holds, in pages ordered by id (keyset paging: `after` is the last id of the previous page).
 * `make reindex` pages through them to rebuild the indices.
 */
export interface SearchDocumentsPageRequest<A extends SearchApp = SearchApp> {
  app: A;
  after: string | null;
  limit: number;
}
export interface SearchDocumentsPage<A extends SearchApp = SearchApp> {
  documents: SearchDocumentOf[A][];
  /** Pass as `after` for the next page; null on the last page. */
  next: string | null;
}
export const SEARCH_DOCUMENTS_MAX_PAGE = 1000;
