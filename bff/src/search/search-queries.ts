import { Injectable } from '@nestjs/common';
import {
  Patterns,
  SEARCH_APPS,
  type ReactiveSearchResponse,
  type SearchApp,
} from '@upright/contracts';
import { ServiceClient } from '@upright/platform';
import { validationFailed } from '../http/api-exceptions';
import {
  BodyProblem,
  parseReactiveSearchBody,
  type ParsedReactiveSearchBody,
} from './reactivesearch-body';

/** Who searches: a member, a visitor's daily pseudonym, or nobody named (typing). */
export interface Searcher {
  memberUid: string | null;
  visitorKey: string | null;
}

/** What a query run gives: the results per query id, and the search id of a recorded search. */
export type QueryOutcome = ReactiveSearchResponse;

/**
 * A ReactiveSearch body run on the search service (docs/product/rules.md#s9), for the route and
 * for the edge alike: the route runs every body, the edge only those whose answer is the same
 * for everyone (`answersAlike`), without the application's middleware (decision 0060).
 */
@Injectable()
export class SearchQueries {
  constructor(private readonly services: ServiceClient) {}

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
   * The model of a body whose answer is anyone's (so kept and shared): valid, recording no search
   * and reading no analytics. null for anything else, which the route answers (and explains).
   */
  alikeFor(app: string, body: unknown): ParsedReactiveSearchBody | null {
    if (!(SEARCH_APPS as readonly string[]).includes(app)) return null;
    try {
      const parsed = parseReactiveSearchBody(app as SearchApp, body);
      return answersAlike(parsed) ? parsed : null;
    } catch {
      return null;
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
