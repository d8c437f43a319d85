import {
  SEARCH_APP_FIELDS,
  type AggregationBucket,
  type DistanceUnit,
  type SearchApp,
  type SearchDocumentOf,
  type SearchFuzziness,
  type TermsAggregation,
  type WeightedField,
} from '@upright/contracts';

/**
 * The engine interface (docs/product/rules.md#s2): OpenSearch when OPENSEARCH_URL is set, the
 * embedded engine otherwise. Both receive the same EngineQuery, built from the validated query
 * model by `planQueries`; neither sees the browser's request.
 */

/** A full-text match: the executed query's own text or a search query another reacts to. */
export interface TextMatch {
  value: string;
  fields: WeightedField[];
  fuzziness: SearchFuzziness;
  operator: 'or' | 'and';
}

export type FilterNode =
  | { kind: 'all'; nodes: FilterNode[] }
  | { kind: 'any'; nodes: FilterNode[] }
  | { kind: 'none'; nodes: FilterNode[] }
  | { kind: 'text'; match: TextMatch }
  | { kind: 'term'; field: string; values: string[] }
  | { kind: 'range'; field: string; gte: string | number | null; lte: string | number | null }
  | {
      kind: 'geo';
      field: string;
      lat: number;
      lon: number;
      distance: number;
      unit: DistanceUnit;
    };

export interface EngineQuery {
  app: SearchApp;
  /** Null or an empty value: every document (that passes the filter). */
  text: TextMatch | null;
  filter: FilterNode | null;
  /**
   * Applied to the hits (and their total) after `aggregation` is counted: a list's own selection,
   * which must not hide the other values it offers.
   */
  postFilter: FilterNode | null;
  /** Terms buckets over the documents passing `text` and `filter`; null: none. */
  aggregation: TermsAggregation | null;
  from: number;
  size: number;
  /** Null: by relevance, ties by id. */
  sort: { field: string; order: 'asc' | 'desc' } | null;
  includeFields: string[] | null;
  excludeFields: string[] | null;
  /** Fields to highlight the text in; null: no highlight. */
  highlightFields: string[] | null;
}

export interface EngineHit {
  id: string;
  score: number;
  source: Record<string, unknown>;
  highlight?: Record<string, string[]>;
}

export interface EngineResult {
  total: number;
  hits: EngineHit[];
  /** The buckets of `aggregation`, when the query asked for one. */
  buckets?: AggregationBucket[];
}

/** Writes one rebuilt index; `swap` makes it the live one atomically, `discard` drops it. */
export interface IndexBuild<A extends SearchApp = SearchApp> {
  add(documents: SearchDocumentOf[A][]): Promise<void>;
  swap(): Promise<number>;
  discard(): Promise<void>;
}

export interface SearchEngine {
  readonly kind: 'opensearch' | 'embedded';
  /** Creates missing indices (OpenSearch) or loads the persisted documents (embedded). */
  start(): Promise<void>;
  upsert<A extends SearchApp>(app: A, documents: SearchDocumentOf[A][]): Promise<void>;
  remove(app: SearchApp, ids: string[]): Promise<void>;
  search(query: EngineQuery): Promise<EngineResult>;
  /**
   * The version of `app`'s searchable documents (`IndexVersions`): it changes whenever a
   * document is added, replaced or removed, or the index rebuilt. Cheap: no I/O.
   */
  version(app: SearchApp): string;
  /** A new index for `app`, filled then swapped in (re-index without a gap). */
  beginBuild<A extends SearchApp>(app: A): Promise<IndexBuild<A>>;
  close(): Promise<void>;
}

/** The highlight tags ReactiveSearch renders. */
export const HIGHLIGHT_TAGS = { pre: '<mark>', post: '</mark>' } as const;

/** Relevance multiplier of a document whose field equals the whole query ("exact name first"). */
export const EXACT_MATCH_BOOST = 10;

/**
 * Relevance multiplier (embedded) or added score (OpenSearch) of a document whose name — the
 * app's first text field — starts with the whole query: large enough that a name typed, or
 * being typed, always ranks above a brand or subsidiary that merely contains the words.
 */
export const NAME_MATCH_BOOST = 1000;

/** The field holding a document's name: its app's first text field. */
export function nameFieldOf(app: SearchApp): string {
  return SEARCH_APP_FIELDS[app].text[0];
}
