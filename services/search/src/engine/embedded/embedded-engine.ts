import {
  SEARCH_APP_FIELDS,
  SEARCH_APPS,
  type SearchApp,
  type SearchDocumentOf,
} from '@upright/contracts';
import {
  EXACT_MATCH_BOOST,
  NAME_MATCH_BOOST,
  type EngineHit,
  type EngineQuery,
  type EngineResult,
  type FilterNode,
  type IndexBuild,
  type SearchEngine,
} from '../engine';
import { distanceMetres, METRES_PER_UNIT } from '../geo';
import { IndexVersions } from '../index-versions';
import { projectSource } from '../source-fields';
import { fieldValues, highlightValue, queryTerms } from '../text-match';
import { termsBuckets } from './terms-buckets';
import { AnswerCache, keyOf } from './answer-cache';
import type { DocumentStore } from './document-store';
import { TextIndex } from './text-index';
import { topSlots, topSlotsByScore } from './top-slots';

type Doc = Record<string, unknown> & { id: string };

const MATCH_BOOSTS = { exact: EXACT_MATCH_BOOST, name: NAME_MATCH_BOOST } as const;

function newIndex(app: SearchApp, documents: ReadonlyArray<{ id: string }> = []): TextIndex {
  const index = new TextIndex(SEARCH_APP_FIELDS[app].text);
  index.addAll(documents as Doc[]);
  return index;
}

/** The slots `keep` accepts, in order. */
function keptSlots(slots: ArrayLike<number>, keep: (slot: number) => boolean): number[] {
  const kept: number[] = [];
  for (let at = 0; at < slots.length; at++) if (keep(slots[at])) kept.push(slots[at]);
  return kept;
}

function compareValues(a: unknown, b: unknown): number {
  const first = (value: unknown) => (Array.isArray(value) ? value[0] : value);
  const left = first(a);
  const right = first(b);
  if (left === right) return 0;
  if (left === undefined || left === null) return 1;
  if (right === undefined || right === null) return -1;
  if (typeof left === 'number' && typeof right === 'number') return left - right;
  const [l, r] = [String(left).toLowerCase(), String(right).toLowerCase()];
  return l < r ? -1 : l > r ? 1 : 0;
}

/**
 * The in-process engine (docs/product/rules.md#s2, decision 0014) used when OPENSEARCH_URL is
 * unset. It keeps one TextIndex per app in memory and every document in a DocumentStore, from which
 * `start` rebuilds the indices. One process holds the index, so it suits one search replica (local
 * mode).
 */
export class EmbeddedEngine implements SearchEngine {
  readonly kind = 'embedded';
  private indices = new Map<SearchApp, TextIndex>(SEARCH_APPS.map((app) => [app, newIndex(app)]));
  private readonly versions = new IndexVersions();
  private readonly answers = new AnswerCache();

  constructor(private readonly store: DocumentStore) {}

  async start(): Promise<void> {
    for (const app of SEARCH_APPS) {
      this.indices.set(app, newIndex(app, await this.store.load(app)));
      this.versions.moved(app);
    }
  }

  async upsert<A extends SearchApp>(app: A, documents: SearchDocumentOf[A][]): Promise<void> {
    if (documents.length === 0) return;
    await this.store.upsert(app, documents);
    // Documents sent again unchanged change no answer, and keep the version (and caches).
    if (this.index(app).addAll(documents as Doc[]) > 0) this.versions.moved(app);
  }

  async remove(app: SearchApp, ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.store.remove(app, ids);
    if (this.index(app).removeAll(ids) > 0) this.versions.moved(app);
  }

  version(app: SearchApp): string {
    return this.versions.of(app);
  }

  async search(query: EngineQuery): Promise<EngineResult> {
    const version = this.versions.of(query.app);
    const key = keyOf(query);
    const kept = this.answers.get(query, version, key);
    if (kept) return kept;
    const answer = this.compute(query);
    this.answers.set(query, version, answer, key);
    return answer;
  }

  private compute(query: EngineQuery): EngineResult {
    const index = this.index(query.app);
    // Built first: a text filter runs its own match, which reuses the index's arrays.
    const accepts = query.filter ? this.predicate(index, query.filter) : null;
    const keeps = query.postFilter ? this.predicate(index, query.postFilter) : null;
    // Without filters, aggregation or sort, only the total and the best matches are read.
    const partial = !accepts && !keeps && !query.aggregation && !query.sort;
    const matched = query.text ? index.match(query.text, MATCH_BOOSTS, partial) : null;
    const slots: ArrayLike<number> = matched ? matched.slots : index.allSlots();
    const counted = accepts ? keptSlots(slots, (slot) => accepts(index.document(slot))) : slots;
    const candidates = keeps ? keptSlots(counted, (slot) => keeps(index.document(slot))) : counted;
    const scoreOf = (slot: number) => (matched ? matched.scores[slot] : 1);
    const byId = (a: number, b: number) => {
      const [first, second] = [index.document(a).id, index.document(b).id];
      return first < second ? -1 : first > second ? 1 : 0;
    };
    const sort = query.sort;
    const direction = sort?.order === 'desc' ? -1 : 1;
    const wanted = query.from + query.size;
    // By relevance, most candidates lose to the window's last on score alone: keep that cheap.
    // A partial match's first are among the first of its slots and the leading of its rest.
    const top = sort
      ? topSlots(
          Array.from(candidates),
          wanted,
          (a: number, b: number) =>
            compareValues(index.document(a)[sort.field], index.document(b)[sort.field]) *
              direction || byId(a, b),
        )
      : matched
        ? topSlotsByScore(
            matched.rest
              ? [
                  ...topSlotsByScore(candidates, wanted, matched.scores, byId),
                  ...matched.rest.leading(wanted),
                ]
              : candidates,
            wanted,
            matched.scores,
            byId,
          )
        : topSlots(Array.from(candidates), wanted, byId);
    const total = candidates.length + (matched?.rest?.count ?? 0);
    const terms = query.text ? queryTerms(query.text.value, query.text.fuzziness) : [];
    const hits = top.slice(query.from).map((slot): EngineHit => {
      const document = index.document(slot);
      const hit: EngineHit = {
        id: document.id,
        score: scoreOf(slot),
        source: projectSource(document, query),
      };
      if (query.highlightFields && terms.length > 0) {
        hit.highlight = this.highlight(document, query.highlightFields, terms);
      }
      return hit;
    });
    if (!query.aggregation) return { total, hits };
    const buckets = termsBuckets(
      Array.from(counted, (slot) => index.document(slot)),
      query.aggregation,
    );
    return { total, hits, buckets };
  }

  async beginBuild<A extends SearchApp>(app: A): Promise<IndexBuild<A>> {
    const staged: SearchDocumentOf[A][] = [];
    return {
      add: async (documents) => void staged.push(...documents),
      swap: async () => {
        await this.store.replace(app, staged);
        this.indices.set(app, newIndex(app, staged));
        this.versions.moved(app);
        return staged.length;
      },
      discard: async () => void staged.splice(0),
    };
  }

  async close(): Promise<void> {
    this.indices.clear();
  }

  private index(app: SearchApp): TextIndex {
    const index = this.indices.get(app);
    if (!index) throw new Error(`the embedded engine is closed (app ${app})`);
    return index;
  }

  private predicate(index: TextIndex, node: FilterNode | null): (document: Doc) => boolean {
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
        const { slots } = index.match(node.match, MATCH_BOOSTS);
        const ids = new Set(Array.from(slots, (slot) => index.document(slot).id));
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
