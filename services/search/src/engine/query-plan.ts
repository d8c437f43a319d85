import type {
  GeoDistanceValue,
  RangeValue,
  ReactClause,
  SearchApp,
  SearchQueryModel,
} from '@upright/contracts';
import type { EngineQuery, FilterNode, TextMatch } from './engine';

/**
 * ReactiveSearch semantics over the validated query model, independent of the engine: every
 * query with `execute: true` becomes one EngineQuery; `react` pulls in the filters of the
 * queries it names (`and`/`or`/`not`, nested). Queries with `execute: false` only supply such
 * filters. Unknown ids, and queries without a value, add nothing.
 */
export interface PlannedQuery {
  model: SearchQueryModel;
  engine: EngineQuery;
}

function textOf(query: SearchQueryModel): TextMatch | null {
  if (typeof query.value !== 'string' || query.value.trim() === '') return null;
  return {
    value: query.value.trim(),
    fields: query.dataField,
    fuzziness: query.fuzziness,
    operator: query.queryFormat,
  };
}

function isRange(value: SearchQueryModel['value']): value is RangeValue {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && 'start' in value;
}

function isGeo(value: SearchQueryModel['value']): value is GeoDistanceValue {
  return (
    typeof value === 'object' && value !== null && !Array.isArray(value) && 'distance' in value
  );
}

function combine(kind: 'all' | 'any' | 'none', nodes: Array<FilterNode | null>): FilterNode | null {
  const present = nodes.filter((node): node is FilterNode => node !== null);
  if (present.length === 0) return null;
  if (present.length === 1 && kind !== 'none') return present[0];
  return { kind, nodes: present };
}

/** The filter a query contributes to the queries reacting to it, or null when it has no value. */
export function filterOf(query: SearchQueryModel): FilterNode | null {
  const field = query.dataField[0]?.field;
  switch (query.type) {
    case 'search':
    case 'suggestion': {
      const match = textOf(query);
      return match ? { kind: 'text', match } : null;
    }
    case 'term': {
      const values = (Array.isArray(query.value) ? query.value : [query.value]).filter(
        (value): value is string => typeof value === 'string' && value !== '',
      );
      if (!field || values.length === 0) return null;
      if (query.queryFormat === 'and') {
        return combine(
          'all',
          values.map((value) => ({ kind: 'term', field, values: [value] })),
        );
      }
      return { kind: 'term', field, values };
    }
    case 'range': {
      if (!field || !isRange(query.value)) return null;
      const { start, end } = query.value;
      if (start === null && end === null) return null;
      return { kind: 'range', field, gte: start, lte: end };
    }
    case 'geo': {
      if (!field || !isGeo(query.value)) return null;
      const { distance, unit, location } = query.value;
      return { kind: 'geo', field, lat: location.lat, lon: location.lon, distance, unit };
    }
  }
}

function resolveReact(
  clause: ReactClause,
  byId: ReadonlyMap<string, SearchQueryModel>,
  self: string,
): FilterNode | null {
  if (typeof clause === 'string') {
    const query = byId.get(clause);
    return query && clause !== self ? filterOf(query) : null;
  }
  // A list means all of its items, except under `or` (any of them) and `not` (none of them).
  const each = (items: ReactClause) =>
    (Array.isArray(items) ? items : [items]).map((item) => resolveReact(item, byId, self));
  if (Array.isArray(clause)) return combine('all', each(clause));
  const parts: Array<FilterNode | null> = [];
  if (clause.and !== undefined) parts.push(resolveReact(clause.and, byId, self));
  if (clause.or !== undefined) parts.push(combine('any', each(clause.or)));
  if (clause.not !== undefined) parts.push(combine('none', each(clause.not)));
  return combine('all', parts);
}

export function planQueries(app: SearchApp, queries: readonly SearchQueryModel[]): PlannedQuery[] {
  const byId = new Map(queries.map((query) => [query.id, query]));
  return queries
    .filter((query) => query.execute)
    .map((model) => {
      const isText = model.type === 'search' || model.type === 'suggestion';
      const own = isText ? null : filterOf(model);
      const reacted = model.react ? resolveReact(model.react, byId, model.id) : null;
      const sortField = model.sortField ?? model.dataField[0]?.field ?? null;
      // A list counts its values over what the others let through; its own choice narrows only
      // its hits.
      const counted = model.aggregation !== null;
      const engine: EngineQuery = {
        app,
        text: isText ? textOf(model) : null,
        filter: counted ? reacted : combine('all', [own, reacted]),
        postFilter: counted ? own : null,
        aggregation: model.aggregation,
        from: model.from,
        size: model.size,
        sort: model.sortBy && sortField ? { field: sortField, order: model.sortBy } : null,
        includeFields: model.includeFields,
        excludeFields: model.excludeFields,
        highlightFields: model.highlight
          ? (model.highlightFields ?? model.dataField.map((weighted) => weighted.field))
          : null,
      };
      return { model, engine };
    });
}
