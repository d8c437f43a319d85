import {
  EXACT_MATCH_BOOST,
  HIGHLIGHT_TAGS,
  NAME_MATCH_BOOST,
  nameFieldOf,
  type EngineQuery,
  type FilterNode,
  type TextMatch,
} from '../engine';
import type { TermsAggregation } from '@upright/contracts';
import { OPENSEARCH_UNIT } from '../geo';
import { foldCase } from '../text-match';
import { keywordOf, PREFIX_SUFFIX } from './mappings';

/**
 * The OpenSearch `_search` body of an EngineQuery. Pure, so its exact shape is unit-tested for
 * every query type (no OpenSearch server can run in this workplace; docs/product/rules.md#s10).
 */
type Json = Record<string, unknown>;

function weighted(field: string, weight: number): string {
  return weight === 1 ? field : `${field}^${weight}`;
}

/**
 * Matches while typing (words as prefixes, on the edge n-gram sub-fields) or with typos (every
 * word fuzzy, on the fields themselves), whichever scores higher.
 */
export function textClause(match: TextMatch): Json {
  const operator = match.operator;
  return {
    dis_max: {
      queries: [
        {
          multi_match: {
            query: match.value,
            type: 'best_fields',
            operator,
            fields: match.fields.map(({ field, weight }) =>
              weighted(`${field}${PREFIX_SUFFIX}`, weight),
            ),
          },
        },
        {
          multi_match: {
            query: match.value,
            type: 'best_fields',
            operator,
            fuzziness: String(match.fuzziness),
            fields: match.fields.map(({ field, weight }) => weighted(field, weight)),
          },
        },
      ],
    },
  };
}

export function filterClause(app: EngineQuery['app'], node: FilterNode): Json {
  switch (node.kind) {
    case 'all':
      return { bool: { filter: node.nodes.map((child) => filterClause(app, child)) } };
    case 'any':
      return {
        bool: {
          should: node.nodes.map((child) => filterClause(app, child)),
          minimum_should_match: 1,
        },
      };
    case 'none':
      return { bool: { must_not: node.nodes.map((child) => filterClause(app, child)) } };
    case 'text':
      return textClause(node.match);
    case 'term':
      return { terms: { [node.field]: node.values } };
    case 'range': {
      const bounds: Json = {};
      if (node.gte !== null) bounds.gte = node.gte;
      if (node.lte !== null) bounds.lte = node.lte;
      return { range: { [node.field]: bounds } };
    }
    case 'geo':
      return {
        geo_distance: {
          distance: `${node.distance}${OPENSEARCH_UNIT[node.unit]}`,
          [node.field]: { lat: node.lat, lon: node.lon },
        },
      };
  }
}

/** The buckets' order of the embedded engine: most documents first, ties by value. */
const BUCKET_ORDER = {
  count: [{ _count: 'desc' }, { _key: 'asc' }],
  asc: { _key: 'asc' },
  desc: { _key: 'desc' },
} as const;

/** Named after the field, which is where ReactiveSearch's lists read their buckets. */
export function termsAggregation({ field, size, order }: TermsAggregation): Json {
  return { [field]: { terms: { field, size, order: BUCKET_ORDER[order] } } };
}

export function searchBody(query: EngineQuery): Json {
  const bool: Json = {};
  if (query.text) {
    bool.must = [textClause(query.text)];
    const whole = foldCase(query.text.value);
    const exact = query.text.fields.map(({ field }) => ({
      term: { [keywordOf(query.app, field)]: { value: whole, boost: EXACT_MATCH_BOOST } },
    }));
    const name = nameFieldOf(query.app);
    // A name typed, or being typed, outranks brands and subsidiaries containing the words.
    const named = query.text.fields.some(({ field }) => field === name)
      ? [{ prefix: { [keywordOf(query.app, name)]: { value: whole, boost: NAME_MATCH_BOOST } } }]
      : [];
    bool.should = [...exact, ...named];
  }
  if (query.filter) bool.filter = [filterClause(query.app, query.filter)];
  const body: Json = {
    query: Object.keys(bool).length > 0 ? { bool } : { match_all: {} },
    from: query.from,
    size: query.size,
    track_total_hits: true,
    sort: query.sort
      ? [{ [keywordOf(query.app, query.sort.field)]: { order: query.sort.order } }, { id: 'asc' }]
      : [{ _score: 'desc' }, { id: 'asc' }],
  };
  if (query.postFilter) body.post_filter = filterClause(query.app, query.postFilter);
  if (query.aggregation) body.aggs = termsAggregation(query.aggregation);
  if (query.includeFields || query.excludeFields) {
    body._source = {
      includes: query.includeFields ?? ['*'],
      excludes: query.excludeFields ?? [],
    };
  }
  if (query.highlightFields && query.text) {
    body.highlight = {
      pre_tags: [HIGHLIGHT_TAGS.pre],
      post_tags: [HIGHLIGHT_TAGS.post],
      number_of_fragments: 0,
      // A word matched only as a prefix is highlighted through the prefix sub-field.
      fields: Object.fromEntries(
        query.highlightFields.flatMap((field) => [
          [field, {}],
          [`${field}${PREFIX_SUFFIX}`, {}],
        ]),
      ),
    };
  }
  return body;
}
