/** The request schemas of the search routes (params, queries, bodies). */
import { SEARCH_APPS, SEARCH_LIMITS } from '@upright/contracts';
import { z } from 'zod';
import { wholeNumberParam } from '../shared/route-params';

export const appParams = z.object({
  app: z.enum(SEARCH_APPS, `must be one of ${SEARCH_APPS.join(', ')}`),
});
export type AppParams = z.output<typeof appParams>;

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

export const impressionsBody = z
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

export const clickBody = z.strictObject({
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
/**
 * docs/product/spec.md#s9 defaults: size 5, min_chars 3. `user_id` is ignored: the session says who
 * asks.
 */
export const recentQuery = z.object({
  size: wholeNumberParam(1, SEARCH_LIMITS.maxSize).default(SEARCH_LIMITS.recentSearchesSize),
  from: dateParam.optional(),
  to: dateParam.optional(),
  min_chars: wholeNumberParam(0, SEARCH_LIMITS.maxValueLength).default(
    SEARCH_LIMITS.recentSearchesMinChars,
  ),
});
