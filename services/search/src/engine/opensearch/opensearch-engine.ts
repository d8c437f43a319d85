import { Client } from '@opensearch-project/opensearch';
import {
  SEARCH_APPS,
  type AggregationBucket,
  type SearchApp,
  type SearchDocumentOf,
  type TermsAggregation,
} from '@upright/contracts';
import type { EngineHit, EngineQuery, EngineResult, IndexBuild, SearchEngine } from '../engine';
import { IndexVersions } from '../index-versions';
import { indexBody, PREFIX_SUFFIX } from './mappings';
import { searchBody } from './request-body';

/** The client's request types are generated per API; our bodies are built and tested as JSON. */
type Loose = never;

interface BulkResponse {
  errors: boolean;
  items: Array<Record<string, { status: number; error?: { reason?: string } }>>;
}

interface SearchResponse {
  hits: {
    total: { value: number } | number;
    hits: Array<{
      _id: string;
      _score: number | null;
      _source?: Record<string, unknown>;
      highlight?: Record<string, string[]>;
    }>;
  };
  aggregations?: Record<string, { buckets: Array<{ key: string | number; doc_count: number }> }>;
}

/** Highlights of `x.prefix` reported under `x`, the field's own highlight first. */
export function byField(highlight: Record<string, string[]>): Record<string, string[]> {
  const merged: Record<string, string[]> = {};
  const fields = Object.keys(highlight).sort((a, b) => a.length - b.length);
  for (const key of fields) {
    const field = key.endsWith(PREFIX_SUFFIX) ? key.slice(0, -PREFIX_SUFFIX.length) : key;
    merged[field] ??= highlight[key];
  }
  return merged;
}

/** The buckets of `termsAggregation`'s answer; keys as strings (booleans and numbers too). */
export function bucketsOf(
  response: Pick<SearchResponse, 'aggregations'>,
  aggregation: TermsAggregation,
): AggregationBucket[] {
  return (response.aggregations?.[aggregation.field]?.buckets ?? []).map((bucket) => ({
    key: String(bucket.key),
    doc_count: bucket.doc_count,
  }));
}

/**
 * OpenSearch (docs/product/rules.md#s2) when OPENSEARCH_URL is set. Every app is an alias
 * `<prefix>-<app>` over a versioned index `<prefix>-<app>-v<time>`; a rebuild fills a new
 * versioned index and moves the alias in one `_aliases` call, so searches never see a gap.
 */
export class OpenSearchEngine implements SearchEngine {
  readonly kind = 'opensearch';
  private readonly client: Client;
  /** Changes applied by this process only: other replicas' workers move their own. */
  private readonly versions = new IndexVersions();

  constructor(
    url: string,
    private readonly prefix: string,
  ) {
    this.client = new Client({ node: url });
  }

  alias(app: SearchApp): string {
    return `${this.prefix}-${app}`;
  }

  async start(): Promise<void> {
    for (const app of SEARCH_APPS) {
      const exists = await this.client.indices.existsAlias({ name: this.alias(app) });
      if (exists.body) continue;
      const index = await this.createVersion(app);
      await this.client.indices.updateAliases({
        body: { actions: [{ add: { index, alias: this.alias(app) } }] } as Loose,
      });
    }
  }

  async upsert<A extends SearchApp>(app: A, documents: SearchDocumentOf[A][]): Promise<void> {
    await this.bulk(this.alias(app), documents);
    this.versions.moved(app);
  }

  async remove(app: SearchApp, ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    const body = ids.map((id) => ({ delete: { _index: this.alias(app), _id: id } }));
    const response = await this.client.bulk({ body: body as Loose, refresh: 'wait_for' });
    // A document that is already gone is what a removal wants.
    this.throwOnBulkErrors(response.body as unknown as BulkResponse, [404]);
    this.versions.moved(app);
  }

  version(app: SearchApp): string {
    return this.versions.of(app);
  }

  async search(query: EngineQuery): Promise<EngineResult> {
    const response = await this.client.search({
      index: this.alias(query.app),
      body: searchBody(query) as Loose,
    });
    const body = response.body as unknown as SearchResponse;
    const { hits } = body;
    const buckets = query.aggregation ? bucketsOf(body, query.aggregation) : undefined;
    return {
      total: typeof hits.total === 'number' ? hits.total : hits.total.value,
      hits: hits.hits.map((hit): EngineHit => ({
        id: hit._id,
        score: hit._score ?? 0,
        source: hit._source ?? {},
        ...(hit.highlight ? { highlight: hit.highlight } : {}),
      })),
      ...(buckets ? { buckets } : {}),
    };
  }

  async beginBuild<A extends SearchApp>(app: A): Promise<IndexBuild<A>> {
    const index = await this.createVersion(app);
    let count = 0;
    return {
      add: async (documents) => {
        await this.bulk(index, documents);
        count += documents.length;
      },
      swap: async () => {
        await this.client.indices.refresh({ index });
        const alias = this.alias(app);
        const current = await this.client.indices
          .getAlias({ name: alias })
          .then((response) => Object.keys(response.body as object))
          .catch(() => [] as string[]);
        await this.client.indices.updateAliases({
          body: {
            actions: [
              ...current.map((old) => ({ remove: { index: old, alias } })),
              { add: { index, alias } },
            ],
          } as Loose,
        });
        this.versions.moved(app);
        if (current.length > 0) await this.client.indices.delete({ index: current });
        return count;
      },
      discard: async () => void (await this.client.indices.delete({ index })),
    };
  }

  async close(): Promise<void> {
    await this.client.close();
  }

  private async createVersion(app: SearchApp): Promise<string> {
    const index = `${this.alias(app)}-v${Date.now()}`;
    await this.client.indices.create({ index, body: indexBody(app) as Loose });
    return index;
  }

  private async bulk(index: string, documents: ReadonlyArray<{ id: string }>): Promise<void> {
    if (documents.length === 0) return;
    const body = documents.flatMap((document) => [
      { index: { _index: index, _id: document.id } },
      document,
    ]);
    const response = await this.client.bulk({ body: body as Loose, refresh: 'wait_for' });
    this.throwOnBulkErrors(response.body as unknown as BulkResponse, []);
  }

  private throwOnBulkErrors(response: BulkResponse, tolerated: number[]): void {
    if (!response.errors) return;
    const failed = response.items
      .map((item) => Object.values(item)[0])
      .filter((result) => result.status >= 300 && !tolerated.includes(result.status));
    if (failed.length > 0) {
      throw new Error(
        `OpenSearch refused ${failed.length} document(s): ${failed[0].error?.reason ?? failed[0].status}`,
      );
    }
  }
}
