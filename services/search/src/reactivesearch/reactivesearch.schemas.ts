/**
 * The search service's message payloads, checked with parseMessage (@upright/platform) like any
 * input; the BFF has already validated the browser's body into this model.
 */
import {
  AGGREGATION_ORDERS,
  DISTANCE_UNITS,
  SEARCH_APPS,
  SEARCH_BATCH_MAX_BODIES,
  SEARCH_FUZZINESS,
  SEARCH_LIMITS,
  SEARCH_QUERY_TYPES,
  type ReactClause,
} from '@upright/contracts';
import { z } from 'zod';

export const app = z.enum(SEARCH_APPS);
export const name = z.string().min(1).max(200);
export const memberUid = name.nullable();
export const visitorKey = z
  .string()
  .regex(/^[A-Za-z0-9_-]{16,64}$/)
  .nullable();
export const count = (max: number) => z.int().min(0).max(max);

const reactClause: z.ZodType<ReactClause> = z.lazy(() =>
  z.union([
    name,
    z.array(reactClause).max(50),
    z.strictObject({
      and: reactClause.optional(),
      or: reactClause.optional(),
      not: reactClause.optional(),
    }),
  ]),
);

const bound = z.union([z.string().max(50), z.number()]).nullable();

const queryModel = z.strictObject({
  id: name,
  type: z.enum(SEARCH_QUERY_TYPES),
  execute: z.boolean(),
  dataField: z
    .array(z.strictObject({ field: name, weight: z.number().positive().max(100) }))
    .max(10),
  value: z
    .union([
      z.string().max(SEARCH_LIMITS.maxValueLength),
      z.array(z.string().max(SEARCH_LIMITS.maxValueLength)).max(100),
      z.strictObject({ start: bound, end: bound }),
      z.strictObject({
        distance: z.number().positive(),
        unit: z.enum(DISTANCE_UNITS),
        location: z.strictObject({
          lat: z.number().min(-90).max(90),
          lon: z.number().min(-180).max(180),
        }),
      }),
    ])
    .nullable(),
  react: reactClause.nullable(),
  fuzziness: z.union(SEARCH_FUZZINESS.map((level) => z.literal(level))),
  queryFormat: z.enum(['or', 'and']),
  size: count(SEARCH_LIMITS.maxSize),
  from: count(SEARCH_LIMITS.maxFrom),
  sortBy: z.enum(['asc', 'desc']).nullable(),
  sortField: name.nullable(),
  includeFields: z.array(name).max(50).nullable(),
  excludeFields: z.array(name).max(50).nullable(),
  highlight: z.boolean(),
  highlightFields: z.array(name).max(10).nullable(),
  enablePopularSuggestions: z.boolean(),
  enableRecentSuggestions: z.boolean(),
  popularSuggestionsSize: count(SEARCH_LIMITS.maxSize),
  recentSuggestionsSize: count(SEARCH_LIMITS.maxSize),
  recentSuggestionsMinChars: count(SEARCH_LIMITS.maxValueLength),
  aggregation: z
    .strictObject({
      field: name,
      size: count(SEARCH_LIMITS.maxAggregationSize),
      order: z.enum(AGGREGATION_ORDERS),
    })
    .nullable(),
});

const queries = z.array(queryModel).min(1).max(SEARCH_LIMITS.maxQueries);

export const reactiveSearchRequestSchema = z.strictObject({
  app,
  queries,
  recordAnalytics: z.boolean(),
  memberUid,
  visitorKey,
});

export const reactiveSearchBatchRequestSchema = z.strictObject({
  bodies: z.array(z.strictObject({ app, queries })).min(1).max(SEARCH_BATCH_MAX_BODIES),
});
