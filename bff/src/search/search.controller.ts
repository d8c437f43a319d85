import {
  Body,
  Controller,
  Get,
  HttpCode,
  Param,
  Post,
  Put,
  Query,
  Req,
  Res,
  UseGuards,
} from '@nestjs/common';
import {
  Patterns,
  reactiveSearchAnswerSchema,
  recentSearchesAnswerSchema,
  searchImpressionsAnswerSchema,
} from '@upright/contracts';
import { ServiceClient } from '@upright/platform';
import type { Request, Response } from 'express';
import { z } from 'zod';
import {
  CsrfExempt,
  CurrentMember,
  OptionalMemberGuard,
  RateLimit,
  RateLimitGuard,
  type AuthenticatedMember,
} from '../auth';
import { ZodValidationPipe } from '../shared/zod-validation.pipe';
import { Operation } from '../shared/operation.decorator';
import { PublicAnswer } from '../shared/public-answer.decorator';
import { answerForThisRequestOnly } from '../shared/this-request-only';
import { reactiveSearchBodySchema } from './reactivesearch-body';
import { answersAlike, SearchQueries, type Searcher } from './search-queries';
import { VisitorKeys } from './visitor-keys';
import { appParams, AppParams, impressionsBody, clickBody, recentQuery } from './search.schemas';

/**
 * The ReactiveSearch API and its analytics (docs/product/rules.md#s9). The body is validated here
 * into the query model; the search service runs it. Members are optional: a signed-in member's
 * searches feed their recent searches.
 */
@Controller('api/search')
@UseGuards(OptionalMemberGuard)
export class SearchController {
  constructor(
    private readonly services: ServiceClient,
    private readonly visitors: VisitorKeys,
    private readonly queries: SearchQueries,
  ) {}

  /** Who searches: the member, or a visitor's daily pseudonym (popular searches count them). */
  private searcher(member: AuthenticatedMember | null, request: Request): Searcher {
    return member
      ? { memberUid: member.uid, visitorKey: null }
      : { memberUid: null, visitorKey: this.visitors.of(request) };
  }

  @Post([':app/_reactivesearch', ':app/_reactivesearch.v3'])
  @Operation({
    summary: 'Runs ReactiveSearch queries (the ReactiveSearch API; no CSRF token needed)',
    answer: reactiveSearchAnswerSchema,
    // What `this.queries.parse` checks, for the document.
    body: reactiveSearchBodySchema,
  })
  @HttpCode(200)
  @PublicAnswer({ domain: 'search', personal: false })
  @CsrfExempt()
  async reactiveSearch(
    @Param(new ZodValidationPipe(appParams)) { app }: AppParams,
    @Body() body: unknown,
    @CurrentMember() member: AuthenticatedMember | null,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ) {
    const parsed = this.queries.parse(app, body);
    // A visitor's query whose answer is anyone's (decision 0060): asked together with the other
    // such queries of this event-loop turn (decision 0067), kept by its exact body.
    if (member === null && answersAlike(parsed)) return this.queries.answerAlike(app, parsed);
    // Only a recorded search keeps who searched; typing (most requests) spares the keyed hash.
    const answer = await this.queries.run(
      app,
      parsed,
      parsed.recordAnalytics
        ? this.searcher(member, request)
        : { memberUid: member?.uid ?? null, visitorKey: null },
    );
    if (answer.searchId) response.setHeader('X-Search-Id', answer.searchId);
    if (!answersAlike(parsed)) answerForThisRequestOnly(response);
    return answer.results;
  }

  @Put(':app/_analytics/search')
  @Operation({
    summary: 'Records the impressions of a search',
    answer: searchImpressionsAnswerSchema,
  })
  @UseGuards(RateLimitGuard)
  @RateLimit('analytics')
  // ReactiveSearch's analytics client (`@appbaseio/analytics`) sends ReactiveBase's headers but
  // not through its `transformRequest`: no CSRF token. A JSON `PUT` is no cross-site form's, and a
  // cross-site script's needs a CORS preflight the BFF never grants; the analytics budget counts.
  @CsrfExempt()
  impressions(
    @Param(new ZodValidationPipe(appParams)) { app }: AppParams,
    @Body(new ZodValidationPipe(impressionsBody)) body: z.output<typeof impressionsBody>,
    @CurrentMember() member: AuthenticatedMember | null,
    @Req() request: Request,
  ) {
    return this.services.request(Patterns.search.recordImpressions, {
      app,
      queryId: body.query_id ?? null,
      query: body.query ?? null,
      impressions: body.impressions,
      ...this.searcher(member, request),
    });
  }

  @Put(':app/_analytics/click')
  @Operation({
    summary: 'Records clicks on results or suggestions',
    answer: z.object({ recorded: z.int() }),
  })
  @UseGuards(RateLimitGuard)
  @RateLimit('analytics')
  // As the impressions: the analytics client sends no CSRF token.
  @CsrfExempt()
  click(
    @Param(new ZodValidationPipe(appParams)) { app }: AppParams,
    @Body(new ZodValidationPipe(clickBody)) body: z.output<typeof clickBody>,
    @CurrentMember() member: AuthenticatedMember | null,
  ) {
    return this.services.request(Patterns.search.recordClick, {
      app,
      queryId: body.query_id,
      clickType: body.click_type,
      clickOn: body.click_on,
      memberUid: member?.uid ?? null,
    });
  }

  /** The path @appbaseio/reactivecore asks: `{url}/_analytics/{app}/recent-searches`. */
  @Get('_analytics/:app/recent-searches')
  @Operation({
    summary: "The signed-in member's recent searches (none for a visitor)",
    answer: recentSearchesAnswerSchema,
  })
  async recent(
    @Param(new ZodValidationPipe(appParams)) { app }: AppParams,
    @Query(new ZodValidationPipe(recentQuery)) query: z.output<typeof recentQuery>,
    @CurrentMember() member: AuthenticatedMember | null,
  ) {
    // A visitor has no recent searches (they are kept per member only).
    if (!member) return [];
    return this.services.request(Patterns.search.recentSearches, {
      app,
      memberUid: member.uid,
      size: query.size,
      from: query.from ?? null,
      to: query.to ?? null,
      minChars: query.min_chars,
    });
  }
}
