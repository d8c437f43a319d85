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
import { Patterns, SEARCH_APPS, SEARCH_LIMITS } from '@upright/contracts';
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
import { validationFailed } from '../http/api-exceptions';
import { wholeNumberParam } from '../http/route-params';
import { ZodValidationPipe } from '../http/zod-validation.pipe';
import { BodyProblem, parseReactiveSearchBody } from './reactivesearch-body';
import { answerForThisRequestOnly, PublicAnswer } from '../answer-cache/public-answer.decorator';
import { VisitorKeys } from './visitor-keys';

const appParams = z.object({
  app: z.enum(SEARCH_APPS, `must be one of ${SEARCH_APPS.join(', ')}`),
});
type AppParams = z.output<typeof appParams>;

const id = z.string('must be a string').min(1).max(200);
const uuid = z.uuid('must be a query_id this API returned');

/** What @appbaseio/analytics sends; user_id and custom events are not trusted or kept. */
const analyticsExtras = {
  user_id: z.unknown().optional(),
  custom_events: z.unknown().optional(),
  meta: z.unknown().optional(),
  filters: z.unknown().optional(),
  hits: z.unknown().optional(),
};

const impressionsBody = z
  .strictObject({
    query_id: uuid.optional(),
    query: z.string('must be a string').max(SEARCH_LIMITS.maxValueLength).optional(),
    impressions: z
      .array(z.strictObject({ index: id, id }), 'must be a list of { index, id }')
      .max(SEARCH_LIMITS.maxSize, `must list at most ${SEARCH_LIMITS.maxSize} impressions`)
      .default([]),
    ...analyticsExtras,
  })
  // Without a query id the search service records the query first, so it needs its text.
  .refine((body) => Boolean(body.query_id) || Boolean(body.query), {
    path: ['query_id'],
    message: 'or query is required',
  });

const clickBody = z.strictObject({
  query_id: uuid,
  click_type: z.enum(['result', 'suggestion'], 'must be result or suggestion'),
  click_on: z
    .record(
      id,
      z
        .int('must be a whole number')
        .min(0, 'must be at least 0')
        .max(SEARCH_LIMITS.maxFrom + SEARCH_LIMITS.maxSize),
    )
    .refine(
      (map) => Object.keys(map).length > 0,
      'must map at least one document id to its position',
    )
    .refine(
      (map) => Object.keys(map).length <= SEARCH_LIMITS.maxSize,
      `must map at most ${SEARCH_LIMITS.maxSize} documents`,
    ),
  query: z.string().max(SEARCH_LIMITS.maxValueLength).optional(),
  ...analyticsExtras,
});

const dateParam = z.union(
  [z.iso.datetime({ offset: true }), z.iso.date()],
  'must be a date (YYYY-MM-DD or ISO 8601)',
);
/** Spec §9 defaults: size 5, min_chars 3. `user_id` is ignored: the session says who asks. */
const recentQuery = z.object({
  size: wholeNumberParam(1, SEARCH_LIMITS.maxSize).default(SEARCH_LIMITS.recentSearchesSize),
  from: dateParam.optional(),
  to: dateParam.optional(),
  min_chars: wholeNumberParam(0, SEARCH_LIMITS.maxValueLength).default(
    SEARCH_LIMITS.recentSearchesMinChars,
  ),
});

/**
 * The ReactiveSearch API and its analytics (decisions §9). The body is validated here into the
 * query model; the search service runs it. Members are optional: a signed-in member's searches
 * feed their recent searches.
 */
@Controller('api/search')
@UseGuards(OptionalMemberGuard)
export class SearchController {
  constructor(
    private readonly services: ServiceClient,
    private readonly visitors: VisitorKeys,
  ) {}

  /** Who searches: the member, or a visitor's daily pseudonym (popular searches count them). */
  private searcher(member: AuthenticatedMember | null, request: Request) {
    return member
      ? { memberUid: member.uid, visitorKey: null }
      : { memberUid: null, visitorKey: this.visitors.of(request) };
  }

  @Post([':app/_reactivesearch', ':app/_reactivesearch.v3'])
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
    let parsed;
    try {
      parsed = parseReactiveSearchBody(app, body);
    } catch (error) {
      if (error instanceof BodyProblem) throw validationFailed(error.field, error.problem);
      throw error;
    }
    const answer = await this.services.request(Patterns.search.reactiveSearch, {
      app,
      queries: parsed.queries,
      recordAnalytics: parsed.recordAnalytics,
      ...this.searcher(member, request),
    });
    if (answer.searchId) response.setHeader('X-Search-Id', answer.searchId);
    const fromAnalytics = parsed.queries.some(
      (query) => query.enablePopularSuggestions || query.enableRecentSuggestions,
    );
    if (answer.searchId || fromAnalytics) answerForThisRequestOnly(response);
    return answer.results;
  }

  @Put(':app/_analytics/search')
  @UseGuards(RateLimitGuard)
  @RateLimit('analytics')
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
  @UseGuards(RateLimitGuard)
  @RateLimit('analytics')
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
