import {
  SEARCH_APP_FIELDS,
  SEARCH_APPS,
  type SearchApp,
  type SearchDocumentOf,
} from '@upright/contracts';
import MiniSearch, { type SearchResult } from 'minisearch';
import {
  EXACT_MATCH_BOOST,
  type EngineHit,
  type EngineQuery,
  type EngineResult,
  type FilterNode,
  type IndexBuild,
  type SearchEngine,
  type TextMatch,
} from '../engine';
import { distanceMetres, METRES_PER_UNIT } from '../geo';
import { projectSource } from '../source-fields';
import {
  fieldValues,
  highlightValue,
  maxEdits,
  normalizeWhole,
  queryTerms,
  tokenize,
} from '../text-match';
import type { DocumentStore } from './document-store';

type Doc = Record<string, unknown> & { id: string };

interface AppIndex {
  search: MiniSearch<Doc>;
  documents: Map<string, Doc>;
  /** Per document and text field, its values as `normalizeWhole` gives them (exact-match boost). */
  wholeValues: Map<string, Map<string, Set<string>>>;
  textFields: readonly string[];
}

function newIndex(app: SearchApp): AppIndex {
  const search = new MiniSearch<Doc>({
    idField: 'id',
    fields: [...SEARCH_APP_FIELDS[app].text],
    extractField: (document, field) => fieldValues(document, field).join(' \n '),
    tokenize: (text) => tokenize(text),
    processTerm: (term) => term || null,
  });
  return {
    search,
    documents: new Map(),
    wholeValues: new Map(),
    textFields: SEARCH_APP_FIELDS[app].text,
  };
}

function addAll(index: AppIndex, documents: ReadonlyArray<{ id: string }>): void {
  for (const document of documents as Doc[]) {
    if (index.documents.has(document.id)) index.search.replace(document);
    else index.search.add(document);
    index.documents.set(document.id, document);
    index.wholeValues.set(
      document.id,
      new Map(
        index.textFields.map((field) => [
          field,
          new Set(fieldValues(document, field).map(normalizeWhole)),
        ]),
      ),
    );
  }
}

function compareValues(a: unknown, b: unknown): number {
  const first = (value: unknown) => (Array.isArray(value) ? value[0] : value);
  const left = first(a);
  const right = first(b);
  if (left === right) return 0;
  if (left === undefined || left === null) return 1;
  if (right === undefined || right === null) return -1;
  if (typeof left === 'number' && typeof right === 'number') return left - right;
  return String(left).toLowerCase() < String(right).toLowerCase() ? -1 : 1;
}

/**
 * The in-process engine (minisearch, decisions §2) used when OPENSEARCH_URL is unset. It keeps
 * one MiniSearch per app in memory and every document in a DocumentStore, from which `start`
 * rebuilds the indices. One process holds the index, so it suits one search replica (local mode).
 */
export class EmbeddedEngine implements SearchEngine {
  readonly kind = 'embedded';
  private indices = new Map<SearchApp, AppIndex>(SEARCH_APPS.map((app) => [app, newIndex(app)]));

  constructor(private readonly store: DocumentStore) {}

  async start(): Promise<void> {
    for (const app of SEARCH_APPS) {
      const index = newIndex(app);
      addAll(index, await this.store.load(app));
      this.indices.set(app, index);
    }
  }

  async upsert<A extends SearchApp>(app: A, documents: SearchDocumentOf[A][]): Promise<void> {
    if (documents.length === 0) return;
    await this.store.upsert(app, documents);
    addAll(this.index(app), documents);
  }

  async remove(app: SearchApp, ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.store.remove(app, ids);
    const index = this.index(app);
    for (const id of ids) {
      if (!index.documents.has(id)) continue;
      index.search.discard(id);
      index.documents.delete(id);
      index.wholeValues.delete(id);
    }
  }

  async search(query: EngineQuery): Promise<EngineResult> {
    const index = this.index(query.app);
    const accepts = this.predicate(index, query.filter);
    const candidates = query.text
      ? this.scored(index, query.text, accepts)
      : [...index.documents.values()]
          .filter((document) => accepts(document))
          .map((document) => ({ document, score: 1 }));
    const sort = query.sort;
    candidates.sort((a, b) => {
      const bySort = sort
        ? compareValues(a.document[sort.field], b.document[sort.field]) *
          (sort.order === 'asc' ? 1 : -1)
        : b.score - a.score;
      return bySort !== 0 ? bySort : a.document.id < b.document.id ? -1 : 1;
    });
    const terms = query.text ? queryTerms(query.text.value, query.text.fuzziness) : [];
    const hits = candidates
      .slice(query.from, query.from + query.size)
      .map(({ document, score }): EngineHit => {
        const hit: EngineHit = { id: document.id, score, source: projectSource(document, query) };
        if (query.highlightFields && terms.length > 0) {
          hit.highlight = this.highlight(document, query.highlightFields, terms);
        }
        return hit;
      });
    return { total: candidates.length, hits };
  }

  async beginBuild<A extends SearchApp>(app: A): Promise<IndexBuild<A>> {
    const staged: SearchDocumentOf[A][] = [];
    return {
      add: async (documents) => void staged.push(...documents),
      swap: async () => {
        await this.store.replace(app, staged);
        const index = newIndex(app);
        addAll(index, staged);
        this.indices.set(app, index);
        return staged.length;
      },
      discard: async () => void staged.splice(0),
    };
  }

  async close(): Promise<void> {
    this.indices.clear();
  }

  private index(app: SearchApp): AppIndex {
    const index = this.indices.get(app);
    if (!index) throw new Error(`the embedded engine is closed (app ${app})`);
    return index;
  }

  private textResults(index: AppIndex, match: TextMatch): SearchResult[] {
    const fields = match.fields.map((weighted) => weighted.field);
    const boost = Object.fromEntries(match.fields.map(({ field, weight }) => [field, weight]));
    return index.search.search(match.value, {
      fields,
      boost,
      combineWith: match.operator === 'and' ? 'AND' : 'OR',
      prefix: (_term, position, terms) => position === terms.length - 1,
      fuzzy: (term) => maxEdits(match.fuzziness, term) || false,
      // minisearch's default discounts fuzzy matches; OpenSearch scores them like exact ones
      // of their term, so the difference in ranking comes from the exact-match boost only.
      weights: { fuzzy: 0.45, prefix: 0.375 },
    });
  }

  private scored(
    index: AppIndex,
    match: TextMatch,
    accepts: (document: Doc) => boolean,
  ): Array<{ document: Doc; score: number }> {
    const whole = normalizeWhole(match.value);
    const fields = match.fields.map((weighted) => weighted.field);
    return this.textResults(index, match).flatMap((result) => {
      const document = index.documents.get(result.id as string);
      if (!document || !accepts(document)) return [];
      const values = index.wholeValues.get(document.id);
      const exact = fields.some((field) => values?.get(field)?.has(whole));
      return [{ document, score: exact ? result.score * EXACT_MATCH_BOOST : result.score }];
    });
  }

  private predicate(index: AppIndex, node: FilterNode | null): (document: Doc) => boolean {
    if (!node) return () => true;
    switch (node.kind) {
      case 'all': {
        const parts = node.nodes.map((child) => this.predicate(index, child));
        return (document) => parts.every((part) => part(document));
      }
      case 'any': {
        const parts = node.nodes.map((child) => this.predicate(index, child));
        return (document) => parts.some((part) => part(document));
      }
      case 'none': {
        const parts = node.nodes.map((child) => this.predicate(index, child));
        return (document) => !parts.some((part) => part(document));
      }
      case 'text': {
        const ids = new Set(this.textResults(index, node.match).map((result) => result.id));
        return (document) => ids.has(document.id);
      }
      case 'term': {
        const wanted = new Set(node.values);
        return (document) => {
          const value = document[node.field];
          const values = Array.isArray(value) ? value : [value];
          return values.some((item) => item !== null && wanted.has(String(item)));
        };
      }
      case 'range':
        return (document) => {
          const value = document[node.field];
          if (value === null || value === undefined) return false;
          if (node.gte !== null && compareValues(value, node.gte) < 0) return false;
          return node.lte === null || compareValues(value, node.lte) <= 0;
        };
      case 'geo': {
        const limit = node.distance * METRES_PER_UNIT[node.unit];
        return (document) => {
          const location = document[node.field] as { lat: number; lon: number } | null;
          return location ? distanceMetres(location, node) <= limit : false;
        };
      }
    }
  }

  private highlight(
    document: Doc,
    fields: readonly string[],
    terms: ReturnType<typeof queryTerms>,
  ): Record<string, string[]> {
    const highlight: Record<string, string[]> = {};
    for (const field of fields) {
      const marked = fieldValues(document, field)
        .map((value) => highlightValue(value, terms))
        .filter((value): value is string => value !== null);
      if (marked.length > 0) highlight[field] = marked;
    }
    return highlight;
  }
}
