import { Inject, Injectable, Logger } from '@nestjs/common';
import type {
  AggregationBucket,
  ReactiveSearchBatchAnswer,
  ReactiveSearchBatchRequest,
  ReactiveSearchBatchResponse,
  ReactiveSearchRequest,
  ReactiveSearchResponse,
  SearchHit,
  SearchQueryResult,
} from '@upright/contracts';
import { handlerFailure } from '@upright/platform';
import { AnalyticsRepository } from '../analytics/analytics.repository';
import type { SearchEngine } from '../engine/engine';
import { SEARCH_ENGINE } from '../engine/engine.module';
import { planQueries, type PlannedQuery } from '../engine/query-plan';
import { asSearchHit, searchIndexSuggestions, termSuggestions } from './suggestions';

/** Runs a validated ReactiveSearch request: every executed query on the engine, in parallel. */
@Injectable()
export class ReactiveSearchService {
  private readonly logger = new Logger(ReactiveSearchService.name);

  constructor(
    @Inject(SEARCH_ENGINE) private readonly engine: SearchEngine,
    private readonly analytics: AnalyticsRepository,
  ) {}

  async run(request: ReactiveSearchRequest): Promise<ReactiveSearchResponse> {
    const planned = planQueries(request.app, request.queries);
    const answered = await Promise.all(
      planned.map(async (query) => [query, await this.answer(request, query)] as const),
    );
    const results: Record<string, SearchQueryResult> = {};
    for (const [query, result] of answered) results[query.model.id] = result;
    return { searchId: await this.record(request, answered), results };
  }

  /**
   * Bodies anyone gets the same answer to, each run as `run` runs it with nobody named and
   * nothing recorded. One body's failure is its own answer: the others asked with it still get
   * theirs, as they would have asked apart.
   */
  async runBatch({ bodies }: ReactiveSearchBatchRequest): Promise<ReactiveSearchBatchResponse> {
    const answers = await Promise.all(
      bodies.map(async ({ app, queries }): Promise<ReactiveSearchBatchAnswer> => {
        const request = { app, queries, recordAnalytics: false, memberUid: null, visitorKey: null };
        try {
          return { results: (await this.run(request)).results };
        } catch (error) {
          const { payload, expected } = handlerFailure(error);
          if (!expected) this.logger.error({ err: error }, 'a batched search failed');
          return { failure: payload };
        }
      }),
    );
    return { answers };
  }

  private async answer(
    request: ReactiveSearchRequest,
    query: PlannedQuery,
  ): Promise<SearchQueryResult> {
    const started = performance.now();
    const answer: { total: number; hits: SearchHit[]; buckets?: AggregationBucket[] } =
      query.model.type === 'suggestion'
        ? await this.suggestions(request, query)
        : await this.engine.search(query.engine).then((result) => ({
            total: result.total,
            hits: result.hits.map((hit) => asSearchHit(request.app, hit)),
            buckets: result.buckets,
          }));
    const aggregation = query.engine.aggregation;
    return {
      took: Math.round(performance.now() - started),
      hits: {
        total: { value: answer.total, relation: 'eq' },
        max_score: answer.hits.reduce((max, hit) => Math.max(max, hit._score), 0),
        hits: answer.hits,
      },
      ...(aggregation
        ? { aggregations: { [aggregation.field]: { buckets: answer.buckets ?? [] } } }
        : {}),
    };
  }

  private async suggestions(
    request: ReactiveSearchRequest,
    query: PlannedQuery,
  ): Promise<{ total: number; hits: SearchHit[] }> {
    const { model } = query;
    const typed = typeof model.value === 'string' ? model.value.trim() : '';
    const [index, popular, recent] = await Promise.all([
      // An empty box shows recent and popular searches only.
      typed === '' ? null : searchIndexSuggestions(this.engine, request.app, query),
      model.enablePopularSuggestions && model.popularSuggestionsSize > 0
        ? this.analytics.popular(request.app, typed, model.popularSuggestionsSize)
        : [],
      model.enableRecentSuggestions && request.memberUid && model.recentSuggestionsSize > 0
        ? this.analytics.recent({
            app: request.app,
            memberUid: request.memberUid,
            prefix: typed,
            size: model.recentSuggestionsSize,
            minChars: model.recentSuggestionsMinChars,
            from: null,
            to: null,
          })
        : [],
    ]);
    return {
      total: index?.total ?? 0,
      hits: [
        ...termSuggestions(request.app, 'recent', recent),
        ...termSuggestions(request.app, 'popular', popular),
        ...(index?.hits ?? []),
      ],
    };
  }

  /**
   * One analytics row per request that shows results for a term (Enter, a result page): an
   * executed `search` query, the term being the first text of the request's search boxes.
   * Typing (suggestions only) records nothing, so popular searches are whole searches.
   */
  private async record(
    request: ReactiveSearchRequest,
    answered: ReadonlyArray<readonly [PlannedQuery, SearchQueryResult]>,
  ): Promise<string | null> {
    if (!request.recordAnalytics) return null;
    const results = answered.find(([query]) => query.model.type === 'search');
    const term = request.queries
      .filter((query) => query.type === 'search' || query.type === 'suggestion')
      .map((query) => (typeof query.value === 'string' ? query.value.trim() : ''))
      .find((value) => value !== '');
    if (!results || !term) return null;
    return this.analytics.recordSearch(request.app, term, request, results[1].hits.total.value);
  }
}
