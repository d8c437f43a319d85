import {
  DISTANCE_UNITS,
  SEARCH_APP_FIELDS,
  SEARCH_DOCUMENT_FIELDS,
  SEARCH_LIMITS,
  type ReactClause,
  type SearchApp,
  type SearchQueryModel,
  type WeightedField,
} from '@upright/contracts';
import { z } from 'zod';

/**
 * The browser's ReactiveSearch API body (docs/product/rules.md#s9), validated into the query model
 * the search service runs. Only declarative properties are accepted: raw DSL (`customQuery`,
 * `defaultQuery`) and unknown properties are refused, naming the property.
 */

/** Properties the library sends that change nothing here (AI, vector, endpoint, … features off). */
const IGNORED = [
  'applyStopwords',
  'candidates',
  'categoryField',
  'categoryValue',
  'compoundClause',
  'customStopwords',
  'distinctField',
  'distinctFieldConfig',
  'enableDocumentSuggestions',
  'enableEndpointSuggestions',
  'enableFAQSuggestions',
  'enableFeaturedSuggestions',
  'enableIndexSuggestions',
  'enableSynonyms',
  'includeNullValues',
  'indexSuggestionsConfig',
  'missingLabel',
  'nestedField',
  'pagination',
  'queryString',
  'searchOperators',
  'selectAllLabel',
  'showDistinctSuggestions',
] as const;

const REFUSED = {
  customQuery: 'is raw query DSL, which this API does not accept',
  defaultQuery: 'is raw query DSL, which this API does not accept',
  endpoint: 'is not accepted: queries run on this site only',
  index: 'is not accepted: the app is in the path',
  vectorDataField: 'is not supported',
  imageValue: 'is not supported',
  enableAI: 'is not supported',
  AIConfig: 'is not supported',
  searchboxId: 'is not supported',
} as const;

/**
 * Properties whose feature this API does not offer, refused by name when they would ask for it
 * (ReactiveSearch sends them empty or false otherwise): answering without them would silently
 * give something else than what was asked.
 */
const UNOFFERED = {
  aggregationField: 'is not supported: term queries count the values of their dataField',
  aggregations:
    'is not supported: term queries answer terms buckets only (no min, max or histogram)',
  calendarInterval: 'is not supported: date histograms are not offered',
  interval: 'is not supported: histograms are not offered',
  showMissing: 'is not supported: documents without a value are not counted',
  enablePredictiveSuggestions:
    'is not supported: suggestions are whole names, not the next words of one',
} as const satisfies Record<string, string>;

/** Whether a property sent this way asks for its feature (the library sends absent ones empty). */
function asksFor(value: unknown): boolean {
  if (value === undefined || value === null || value === false || value === '') return false;
  return !(Array.isArray(value) && value.length === 0);
}

const id = z
  .string('must be a string')
  .min(1, 'must not be empty')
  .max(200, 'must be at most 200 characters');

/** A number, or a string holding one (query strings and "lat, lon" give strings). */
const numeric = z.preprocess(
  (value) =>
    typeof value === 'string' && value.trim() !== '' && !Number.isNaN(Number(value))
      ? Number(value)
      : value,
  z.number('must be a number'),
);

const latitude = numeric.pipe(
  z.number().min(-90, 'must be from -90 to 90').max(90, 'must be from -90 to 90'),
);
const longitude = numeric.pipe(
  z.number().min(-180, 'must be from -180 to 180').max(180, 'must be from -180 to 180'),
);

/** `"lat, lon"` (what GeoDistance components send) or `{ lat, lon }`. */
const location = z.preprocess(
  (value) => {
    if (typeof value !== 'string') return value;
    const [lat, lon, ...rest] = value.split(',').map((part) => part.trim());
    return rest.length === 0 ? { lat, lon } : value;
  },
  z.strictObject(
    { lat: latitude, lon: longitude },
    'must be "latitude, longitude" or an object { lat, lon }',
  ),
);

const geoValue = z.strictObject({
  distance: numeric.pipe(z.number().positive('must be greater than 0')),
  unit: z.enum(DISTANCE_UNITS, `must be one of ${DISTANCE_UNITS.join(', ')}`).default('mi'),
  location,
});

const bound = z
  .union([z.number(), z.string().max(50)], 'must be a number or a date')
  .nullable()
  .optional();
const rangeValue = z.strictObject({ start: bound, end: bound, boost: z.number().optional() });

const textValue = z
  .string('must be a string')
  .max(SEARCH_LIMITS.maxValueLength, `must be at most ${SEARCH_LIMITS.maxValueLength} characters`);

// Named: the OpenAPI document states a recursive schema once, as a component.
const reactClause: z.ZodType<ReactClause> = z
  .lazy(() =>
    z.union(
      [
        id,
        z.array(reactClause).max(50, 'must list at most 50 ids'),
        z.strictObject({
          and: reactClause.optional(),
          or: reactClause.optional(),
          not: reactClause.optional(),
        }),
      ],
      'must be an id, a list of ids or { and, or, not }',
    ),
  )
  .meta({ id: 'ReactClause' });

const fieldList = z.array(z.string('must be a string').max(100)).max(50);

const weightedField = z.union([
  z.string('must be a field name'),
  z.strictObject({
    field: z.string('must be a field name'),
    weight: z
      .number('must be a number')
      .positive('must be greater than 0')
      .max(100, 'must be at most 100')
      .default(1),
  }),
]);

const suggestionsConfig = z.object({
  size: z
    .int('must be a whole number')
    .min(0)
    .max(SEARCH_LIMITS.maxSize, `must be at most ${SEARCH_LIMITS.maxSize}`)
    .optional(),
  minChars: z.int('must be a whole number').min(0).max(SEARCH_LIMITS.maxValueLength).optional(),
});

const queryShape = z.strictObject({
  id,
  type: z
    .enum(
      ['search', 'suggestion', 'term', 'range', 'geo'],
      'must be search, suggestion, term, range or geo',
    )
    .default('search'),
  execute: z.boolean('must be true or false').default(true),
  dataField: z
    .union([weightedField, z.array(weightedField).max(10, 'must list at most 10 fields')])
    .optional(),
  fieldWeights: z.array(z.number()).max(10).optional(),
  value: z
    .unknown()
    .describe(
      'search, suggestion: a string; term: a string or a list of strings; range: { start, end }; geo: { distance, unit, location }',
    )
    .optional(),
  react: reactClause.optional(),
  fuzziness: z
    .union(
      [
        z.literal(0),
        z.literal(1),
        z.literal(2),
        z.literal('AUTO'),
        z.literal('0'),
        z.literal('1'),
        z.literal('2'),
      ],
      'must be 0, 1, 2 or AUTO',
    )
    .optional(),
  queryFormat: z.enum(['or', 'and'], 'must be or or and').optional(),
  size: z
    .int('must be a whole number')
    .min(0, 'must be at least 0')
    .max(SEARCH_LIMITS.maxSize, `must be at most ${SEARCH_LIMITS.maxSize}`)
    .optional(),
  from: z
    .int('must be a whole number')
    .min(0, 'must be at least 0')
    .max(SEARCH_LIMITS.maxFrom, `must be at most ${SEARCH_LIMITS.maxFrom}`)
    .optional(),
  sortBy: z.enum(['asc', 'desc', 'count'], 'must be asc, desc or count').optional(),
  sortField: z.union([z.string(), z.array(z.string()).max(1)]).optional(),
  includeFields: fieldList.optional(),
  excludeFields: fieldList.optional(),
  highlight: z.boolean('must be true or false').optional(),
  highlightField: z.union([z.string(), z.array(z.string()).max(10)]).optional(),
  highlightConfig: z.object({}).optional(),
  enablePopularSuggestions: z.boolean('must be true or false').optional(),
  enableRecentSuggestions: z.boolean('must be true or false').optional(),
  popularSuggestionsConfig: suggestionsConfig.optional(),
  recentSuggestionsConfig: suggestionsConfig.optional(),
  aggregationSize: z
    .int('must be a whole number')
    .min(0, 'must be at least 0')
    .max(SEARCH_LIMITS.maxAggregationSize, `must be at most ${SEARCH_LIMITS.maxAggregationSize}`)
    .optional(),
  ...Object.fromEntries(Object.keys(UNOFFERED).map((key) => [key, z.unknown().optional()])),
  range: z.unknown().optional(),
  after: z.unknown().optional(),
  ...Object.fromEntries(IGNORED.map((key) => [key, z.unknown().optional()])),
});

/** The body's list of queries, each read as `item`. */
function queryList(item: z.ZodType) {
  return z
    .array(item, 'must be a list of queries')
    .min(1, 'must contain at least one query')
    .max(SEARCH_LIMITS.maxQueries, `must contain at most ${SEARCH_LIMITS.maxQueries} queries`);
}

const bodyShape = z.strictObject({
  settings: z
    .object({
      recordAnalytics: z.boolean('must be true or false').optional(),
    })
    .optional(),
  query: queryList(z.unknown()),
});

/**
 * The body as the OpenAPI document states it: the body's shape with each query's, which
 * `parseReactiveSearchBody` checks one query at a time (after the nesting of its `react`). What a
 * query's `value` must be, and which fields an app has, depend on its `type` and the path's app:
 * they are checked as the query model is made (the `value`'s description says the first).
 */
export const reactiveSearchBodySchema = bodyShape.extend({ query: queryList(queryShape) });

export class BodyProblem extends Error {
  constructor(
    readonly field: string,
    readonly problem: string,
  ) {
    super(`${field} ${problem}`);
  }
}

function firstIssue(error: z.ZodError, prefix: string): BodyProblem {
  const issue = error.issues[0];
  const path = issue.path.map(String);
  if (issue.code === 'unrecognized_keys') {
    const key = issue.keys[0];
    const refused = (REFUSED as Record<string, string>)[key];
    return new BodyProblem(
      [prefix, ...path, key].filter(Boolean).join('.'),
      refused ?? 'is not a known property',
    );
  }
  return new BodyProblem([prefix, ...path].filter(Boolean).join('.') || 'body', issue.message);
}

function parse<S extends z.ZodType>(schema: S, value: unknown, prefix: string): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw firstIssue(result.error, prefix);
  return result.data;
}

type FieldKind = 'text' | 'term' | 'range' | 'geo';
const KIND_OF_TYPE: Record<SearchQueryModel['type'], FieldKind> = {
  search: 'text',
  suggestion: 'text',
  term: 'term',
  range: 'range',
  geo: 'geo',
};

function known(app: SearchApp, kind: FieldKind | 'sort'): readonly string[] {
  return SEARCH_APP_FIELDS[app][kind];
}

function checkField(app: SearchApp, kind: FieldKind | 'sort', field: string, path: string): void {
  const fields = known(app, kind);
  if (fields.includes(field)) return;
  const allowed = fields.length > 0 ? `one of ${fields.join(', ')}` : 'none';
  throw new BodyProblem(
    path,
    `${JSON.stringify(field)} is not a ${kind} field of ${app} (allowed: ${allowed})`,
  );
}

function dataFields(
  app: SearchApp,
  kind: FieldKind,
  raw: z.output<typeof queryShape>,
  path: string,
): WeightedField[] {
  if (raw.dataField === undefined) {
    if (kind !== 'text')
      throw new BodyProblem(`${path}.dataField`, 'is required for this query type');
    return known(app, 'text').map((field) => ({ field, weight: 1 }));
  }
  const list = Array.isArray(raw.dataField) ? raw.dataField : [raw.dataField];
  const weighted = list.map((item, index) => {
    const entry =
      typeof item === 'string' ? { field: item, weight: raw.fieldWeights?.[index] ?? 1 } : item;
    checkField(app, kind, entry.field, `${path}.dataField`);
    return entry;
  });
  if (weighted.length === 0)
    throw new BodyProblem(`${path}.dataField`, 'must name at least one field');
  if (kind !== 'text' && weighted.length > 1) {
    throw new BodyProblem(`${path}.dataField`, 'must name one field for this query type');
  }
  return weighted;
}

function queryValue(
  type: SearchQueryModel['type'],
  value: unknown,
  path: string,
): SearchQueryModel['value'] {
  if (value === undefined || value === null || value === '') return null;
  switch (type) {
    case 'search':
    case 'suggestion':
      return parse(textValue, value, path);
    case 'term':
      return parse(
        z.union([textValue, z.array(textValue).max(100)], 'must be a string or a list of strings'),
        value,
        path,
      );
    case 'range': {
      const range = parse(rangeValue, value, path);
      return { start: range.start ?? null, end: range.end ?? null };
    }
    case 'geo':
      return parse(geoValue, value, path);
  }
}

function fieldsParam(app: SearchApp, fields: string[] | undefined, path: string): string[] | null {
  if (!fields) return null;
  const all: readonly string[] = SEARCH_DOCUMENT_FIELDS[app];
  const unknown = fields.find((field) => field !== '*' && !all.includes(field));
  if (unknown !== undefined) {
    throw new BodyProblem(path, `${JSON.stringify(unknown)} is not a field of ${app}`);
  }
  return fields;
}

function refuseUnoffered(raw: z.output<typeof queryShape>, path: string): void {
  const asked = (Object.keys(UNOFFERED) as Array<keyof typeof UNOFFERED>).find((key) =>
    asksFor((raw as Record<string, unknown>)[key]),
  );
  if (asked) throw new BodyProblem(`${path}.${asked}`, UNOFFERED[asked]);
}

function toModel(app: SearchApp, raw: z.output<typeof queryShape>, path: string): SearchQueryModel {
  refuseUnoffered(raw, path);
  const kind = KIND_OF_TYPE[raw.type];
  const dataField = dataFields(app, kind, raw, path);
  const isTerm = raw.type === 'term';
  const sortField = Array.isArray(raw.sortField) ? raw.sortField[0] : raw.sortField;
  // A term query's sortBy orders its buckets, not its (absent) hits.
  const sortBy = !isTerm && (raw.sortBy === 'asc' || raw.sortBy === 'desc') ? raw.sortBy : null;
  if (sortBy)
    checkField(
      app,
      'sort',
      sortField ?? dataField[0].field,
      `${path}.${sortField ? 'sortField' : 'dataField'}`,
    );
  else if (sortField) checkField(app, 'sort', sortField, `${path}.sortField`);
  const highlightFields = raw.highlightField === undefined ? null : [raw.highlightField].flat();
  for (const field of highlightFields ?? [])
    checkField(app, 'text', field, `${path}.highlightField`);
  const isSuggestion = raw.type === 'suggestion';
  const defaultSize = isSuggestion ? SEARCH_LIMITS.suggestionSize : SEARCH_LIMITS.defaultSize;
  return {
    id: raw.id,
    type: raw.type,
    execute: raw.execute,
    dataField,
    value: queryValue(raw.type, raw.value, `${path}.value`),
    react: raw.react ?? null,
    fuzziness:
      raw.fuzziness === undefined
        ? 0
        : raw.fuzziness === 'AUTO'
          ? 'AUTO'
          : (Number(raw.fuzziness) as 0 | 1 | 2),
    queryFormat: raw.queryFormat ?? 'or',
    // A term query answers buckets (ReactiveSearch's lists), `size` being how many: no hits.
    size: isTerm ? 0 : (raw.size ?? defaultSize),
    from: raw.from ?? 0,
    sortBy,
    sortField: sortBy ? (sortField ?? null) : null,
    includeFields: fieldsParam(app, raw.includeFields, `${path}.includeFields`),
    excludeFields: fieldsParam(app, raw.excludeFields, `${path}.excludeFields`),
    highlight: raw.highlight ?? false,
    highlightFields,
    enablePopularSuggestions: isSuggestion && (raw.enablePopularSuggestions ?? false),
    enableRecentSuggestions: isSuggestion && (raw.enableRecentSuggestions ?? false),
    popularSuggestionsSize: raw.popularSuggestionsConfig?.size ?? SEARCH_LIMITS.suggestionSize,
    recentSuggestionsSize: raw.recentSuggestionsConfig?.size ?? SEARCH_LIMITS.recentSearchesSize,
    recentSuggestionsMinChars:
      raw.recentSuggestionsConfig?.minChars ?? SEARCH_LIMITS.recentSearchesMinChars,
    aggregation: isTerm
      ? {
          field: dataField[0].field,
          size: Math.min(
            raw.aggregationSize ?? raw.size ?? defaultSize,
            SEARCH_LIMITS.maxAggregationSize,
          ),
          order: raw.sortBy ?? 'count',
        }
      : null,
  };
}

export interface ParsedReactiveSearchBody {
  queries: SearchQueryModel[];
  recordAnalytics: boolean;
}

/**
 * How deep lists and objects nest in `value`, counted without recursion, stopping past `limit`:
 * the recursive `react` schema would otherwise overflow the stack on a hostile body.
 */
export function nestingDepth(value: unknown, limit: number): number {
  let deepest = 0;
  const pending: Array<[unknown, number]> = [[value, 0]];
  while (pending.length > 0) {
    const [item, depth] = pending.pop()!;
    if (typeof item !== 'object' || item === null) continue;
    deepest = Math.max(deepest, depth + 1);
    if (deepest > limit) return deepest;
    for (const child of Object.values(item)) pending.push([child, depth + 1]);
  }
  return deepest;
}

/** Whether two queries contribute the same filter to the queries reacting to them. */
function sameFilter(a: SearchQueryModel, b: SearchQueryModel): boolean {
  const filter = (query: SearchQueryModel) =>
    JSON.stringify([
      KIND_OF_TYPE[query.type],
      query.dataField,
      query.value,
      query.react,
      query.queryFormat,
    ]);
  return filter(a) === filter(b);
}

/** Throws a BodyProblem naming the first wrong property. */
export function parseReactiveSearchBody(app: SearchApp, body: unknown): ParsedReactiveSearchBody {
  const shape = parse(bodyShape, body, '');
  const byId = new Map<string, SearchQueryModel>();
  shape.query.forEach((item, index) => {
    const path = `query.${index}`;
    const react = (item as { react?: unknown } | null)?.react;
    if (nestingDepth(react, SEARCH_LIMITS.maxReactDepth) > SEARCH_LIMITS.maxReactDepth) {
      throw new BodyProblem(
        `${path}.react`,
        `must nest at most ${SEARCH_LIMITS.maxReactDepth} levels deep`,
      );
    }
    const model = toModel(app, parse(queryShape, item, path), path);
    const seen = byId.get(model.id);
    if (!seen) return void byId.set(model.id, model);
    // ReactiveSearch sends a search box's query twice when it is mounted with a value: its
    // suggestions and the text filtering the others. One query: the copy that runs (the
    // suggestions when both do, which is what the box reads).
    if (!sameFilter(seen, model)) {
      throw new BodyProblem(
        `${path}.id`,
        `${JSON.stringify(model.id)} is used by another query with another value`,
      );
    }
    if (model.execute && (!seen.execute || model.type === 'suggestion')) byId.set(model.id, model);
  });
  const queries = [...byId.values()];
  return { queries, recordAnalytics: shape.settings?.recordAnalytics ?? false };
}
