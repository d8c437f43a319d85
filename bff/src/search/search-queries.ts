import { Injectable } from '@nestjs/common';
import {
  Patterns,
  SEARCH_BATCH_MAX_BODIES,
  type ReactiveSearchBatchAnswer,
  type ReactiveSearchBatchRequest,
  type ReactiveSearchResponse,
  type SearchApp,
  type SearchQueryResult,
} from '@upright/contracts';
import { remoteFailureOf, ServiceClient, SingleFlight } from '@upright/platform';
import { validationFailed } from '../shared/api-exceptions';
import {
  BodyProblem,
  parseReactiveSearchBody,
  type ParsedReactiveSearchBody,
} from './reactivesearch-body';
import { TurnBatch } from './turn-batch';

/** A body whose answer is anyone's, as a batch carries it. */
type AlikeBody = ReactiveSearchBatchRequest['bodies'][number];

/** Who searches: a member, a visitor's daily pseudonym, or nobody named (typing). */
export interface Searcher {
  memberUid: string | null;
  visitorKey: string | null;
}

/** Typing whose answer is anyone's: nobody is named. */
const NOBODY: Searcher = { memberUid: null, visitorKey: null };

/** What a query run gives: the results per query id, and the search id of a recorded search. */
export type QueryOutcome = ReactiveSearchResponse;

/**
 * A ReactiveSearch body run on the search service (docs/product/rules.md#s9), for the route and
 * for the edge alike: the route runs every body, the edge only those whose answer is the same
 * for everyone (`answersAlike`), without the application's middleware (decision 0060).
 */
@Injectable()
export class SearchQueries {
  /** The alike bodies of one event-loop turn, asked in one message (decision 0067). */
  private readonly alike: TurnBatch<AlikeBody, ReactiveSearchBatchAnswer>;
  /** Alike queries asked while the same one is under way wait for it (single flight). */
  private readonly flights = new SingleFlight<string, ReactiveSearchBatchAnswer>();

  constructor(private readonly services: ServiceClient) {
    this.alike = new TurnBatch(SEARCH_BATCH_MAX_BODIES, (bodies) => this.askTogether(bodies));
  }

  /** The query model of `body`; throws the API's validation error naming the wrong property. */
  parse(app: SearchApp, body: unknown): ParsedReactiveSearchBody {
    try {
      return parseReactiveSearchBody(app, body);
    } catch (error) {
      if (error instanceof BodyProblem) throw validationFailed(error.field, error.problem);
      throw error;
    }
  }

  /**
   * The results of a body whose answer is anyone's (`answersAlike`), asked together with the
   * others of this turn, once however many ask it at the same time. A failure of this body alone
   * rejects with what the service said of it (a RemoteErrorPayload,
   * which the API's error translation reads as it reads a service's own error).
   */
  async answerAlike(
    app: SearchApp,
    parsed: ParsedReactiveSearchBody,
  ): Promise<Record<string, SearchQueryResult>> {
    const body = { app, queries: parsed.queries };
    const answer = await this.flights.run(JSON.stringify(body), () => this.alike.add(body));
    if ('failure' in answer) throw answer.failure;
    return answer.results;
  }

  /**
   * One batch of alike bodies. A search service older than this BFF (a rolling upgrade that
   * started the BFF first) has no batch handler, and its transport answers `internal`: the
   * bodies are then asked one by one, as before batches. Only a read is asked twice so.
   */
  private async askTogether(bodies: AlikeBody[]): Promise<ReactiveSearchBatchAnswer[]> {
    try {
      const batch = { bodies };
      return (await this.services.request(Patterns.search.reactiveSearchBatch, batch)).answers;
    } catch (error) {
      if (remoteFailureOf(error)?.code !== 'internal') throw error;
      return Promise.all(bodies.map((body) => this.askAlone(body)));
    }
  }

  /** A body of a batch asked as a message of its own: one `answerAlike` would have sent. */
  private async askAlone({ app, queries }: AlikeBody): Promise<ReactiveSearchBatchAnswer> {
    try {
      return {
        results: (await this.run(app, { queries, recordAnalytics: false }, NOBODY)).results,
      };
    } catch (error) {
      const failure = remoteFailureOf(error);
      if (failure) return { failure };
      throw error;
    }
  }

  run(app: SearchApp, parsed: ParsedReactiveSearchBody, searcher: Searcher): Promise<QueryOutcome> {
    return this.services.request(Patterns.search.reactiveSearch, {
      app,
      queries: parsed.queries,
      recordAnalytics: parsed.recordAnalytics,
      ...searcher,
    });
  }
}

/**
 * Whether everyone sending this body gets the same answer: it records no search (a search id is
 * one request's) and shows no popular or recent searches (they move with every search).
 */
export function answersAlike(parsed: ParsedReactiveSearchBody): boolean {
  return (
    !parsed.recordAnalytics &&
    !parsed.queries.some((query) => query.enablePopularSuggestions || query.enableRecentSuggestions)
  );
}
