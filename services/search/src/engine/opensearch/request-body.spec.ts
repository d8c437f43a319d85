import type { SearchQueryModel } from '@upright/contracts';
import { planQueries } from '../query-plan';
import { bucketsOf, byField } from './opensearch-engine';
import { queryModel } from '../spec-support';
import { indexBody } from './mappings';
import { searchBody } from './request-body';

/**
 * The exact OpenSearch requests built for each query type (docs/product/rules.md#s10: no OpenSearch
 * server runs here, so the request shapes are what CI can check; the contract suite runs against a
 * real cluster whenever OPENSEARCH_URL is set).
 */
const model = queryModel;

function bodyOf(queries: SearchQueryModel[], id = queries[0].id) {
  const planned = planQueries('companies', queries).find((query) => query.model.id === id);
  if (!planned) throw new Error(`${id} is not executed`);
  return searchBody(planned.engine);
}

const byScore = [{ _score: 'desc' }, { id: 'asc' }];

function textClause(
  value: string,
  fields: string[],
  prefixFields: string[],
  fuzziness: string,
  operator = 'or',
) {
  return {
    dis_max: {
      queries: [
        { multi_match: { query: value, type: 'best_fields', operator, fields: prefixFields } },
        { multi_match: { query: value, type: 'best_fields', operator, fuzziness, fields } },
      ],
    },
  };
}

describe('OpenSearch request bodies', () => {
  it('search: weighted fields and their edge n-gram prefixes, fuzziness, exact-name boost, highlight', () => {
    const body = bodyOf([
      model({
        id: 'results',
        value: 'Acme Widgets',
        dataField: [
          { field: 'company_name', weight: 3 },
          { field: 'brands', weight: 1 },
        ],
        fuzziness: 'AUTO',
        queryFormat: 'and',
        highlight: true,
        size: 20,
        from: 20,
      }),
    ]);
    expect(body).toEqual({
      query: {
        bool: {
          must: [
            textClause(
              'Acme Widgets',
              ['company_name^3', 'brands'],
              ['company_name.prefix^3', 'brands.prefix'],
              'AUTO',
              'and',
            ),
          ],
          should: [
            { term: { 'company_name.keyword': { value: 'acme widgets', boost: 10 } } },
            { term: { 'brands.keyword': { value: 'acme widgets', boost: 10 } } },
            { prefix: { 'company_name.keyword': { value: 'acme widgets', boost: 1000 } } },
          ],
        },
      },
      from: 20,
      size: 20,
      track_total_hits: true,
      sort: byScore,
      highlight: {
        pre_tags: ['<mark>'],
        post_tags: ['</mark>'],
        number_of_fragments: 0,
        fields: { company_name: {}, 'company_name.prefix': {}, brands: {}, 'brands.prefix': {} },
      },
    });
  });

  it('search without a value: every document, with include/exclude fields and a sort', () => {
    const body = bodyOf([
      model({
        id: 'results',
        sortBy: 'desc',
        sortField: 'updated',
        includeFields: ['company_name', 'updated'],
        excludeFields: ['location'],
      }),
    ]);
    expect(body).toEqual({
      query: { match_all: {} },
      from: 0,
      size: 10,
      track_total_hits: true,
      sort: [{ updated: { order: 'desc' } }, { id: 'asc' }],
      _source: { includes: ['company_name', 'updated'], excludes: ['location'] },
    });
  });

  it('sorting on a text field uses its normalised keyword', () => {
    const body = bodyOf([model({ id: 'results', sortBy: 'asc' })]);
    expect(body.sort).toEqual([{ 'company_name.keyword': { order: 'asc' } }, { id: 'asc' }]);
  });

  it('suggestion: the same text query, its own size', () => {
    const body = bodyOf([
      model({ id: 'box', type: 'suggestion', value: 'acm', fuzziness: 1, size: 5 }),
    ]);
    expect(body).toEqual({
      query: {
        bool: {
          must: [textClause('acm', ['company_name'], ['company_name.prefix'], '1')],
          should: [
            { term: { 'company_name.keyword': { value: 'acm', boost: 10 } } },
            { prefix: { 'company_name.keyword': { value: 'acm', boost: 1000 } } },
          ],
        },
      },
      from: 0,
      size: 5,
      track_total_hits: true,
      sort: byScore,
    });
  });

  it('term: the values as a terms filter (or), one term per value (and)', () => {
    const orBody = bodyOf([
      model({
        id: 'industry',
        type: 'term',
        dataField: [{ field: 'industry', weight: 1 }],
        value: ['banks', 'airlines'],
      }),
    ]);
    expect(orBody.query).toEqual({
      bool: { filter: [{ terms: { industry: ['banks', 'airlines'] } }] },
    });
    const andBody = bodyOf([
      model({
        id: 'sectors',
        type: 'term',
        queryFormat: 'and',
        dataField: [{ field: 'sectors', weight: 1 }],
        value: ['finance', 'retail'],
      }),
    ]);
    expect(andBody.query).toEqual({
      bool: {
        filter: [
          {
            bool: {
              filter: [{ terms: { sectors: ['finance'] } }, { terms: { sectors: ['retail'] } }],
            },
          },
        ],
      },
    });
  });

  it('term with buckets: the terms aggregation named after the field, its own values as post_filter, no hits', () => {
    const body = bodyOf(
      [
        model({ id: 'q', execute: false, value: 'acme' }),
        model({
          id: 'list',
          type: 'term',
          size: 0,
          dataField: [{ field: 'sectors', weight: 1 }],
          value: ['Energy'],
          react: { and: 'q' },
          aggregation: { field: 'sectors', size: 100, order: 'count' },
        }),
      ],
      'list',
    );
    expect(body.size).toBe(0);
    expect(body.query).toEqual({
      bool: {
        filter: [textClause('acme', ['company_name'], ['company_name.prefix'], '0')],
      },
    });
    expect(body.post_filter).toEqual({ terms: { sectors: ['Energy'] } });
    expect(body.aggs).toEqual({
      sectors: {
        terms: { field: 'sectors', size: 100, order: [{ _count: 'desc' }, { _key: 'asc' }] },
      },
    });
    const byValue = bodyOf([
      model({
        id: 'list',
        type: 'term',
        dataField: [{ field: 'industry', weight: 1 }],
        aggregation: { field: 'industry', size: 5, order: 'desc' },
      }),
    ]);
    expect(byValue.aggs).toEqual({
      industry: { terms: { field: 'industry', size: 5, order: { _key: 'desc' } } },
    });
    expect(byValue.post_filter).toBeUndefined();
  });

  it('reads the buckets of the answer, keys as strings', () => {
    const aggregation = { field: 'sectors', size: 10, order: 'count' } as const;
    expect(
      bucketsOf(
        {
          aggregations: {
            sectors: {
              buckets: [
                { key: 'Energy', doc_count: 3 },
                { key: 1, doc_count: 1 },
              ],
            },
          },
        },
        aggregation,
      ),
    ).toEqual([
      { key: 'Energy', doc_count: 3 },
      { key: '1', doc_count: 1 },
    ]);
    expect(bucketsOf({}, aggregation)).toEqual([]);
  });

  it('range: only the given bounds', () => {
    const body = bodyOf([
      model({
        id: 'updated',
        type: 'range',
        dataField: [{ field: 'updated', weight: 1 }],
        value: { start: '2025-01-01', end: null },
      }),
    ]);
    expect(body.query).toEqual({
      bool: { filter: [{ range: { updated: { gte: '2025-01-01' } } }] },
    });
  });

  it('geo: a geo_distance filter in OpenSearch units (NM is nmi)', () => {
    const body = bodyOf([
      model({
        id: 'near',
        type: 'geo',
        dataField: [{ field: 'location', weight: 1 }],
        value: { distance: 25, unit: 'NM', location: { lat: 40.7, lon: -74 } },
      }),
    ]);
    expect(body.query).toEqual({
      bool: {
        filter: [{ geo_distance: { distance: '25nmi', location: { lat: 40.7, lon: -74 } } }],
      },
    });
  });

  it('react and/or/not: filters of the queries named, execute:false queries only as filters, unknown ids ignored', () => {
    const queries = [
      model({ id: 'box', type: 'suggestion', execute: false, value: 'acme' }),
      model({
        id: 'industry',
        type: 'term',
        execute: false,
        dataField: [{ field: 'industry', weight: 1 }],
        value: 'banks',
      }),
      model({
        id: 'sector',
        type: 'term',
        execute: false,
        dataField: [{ field: 'sectors', weight: 1 }],
        value: 'retail',
      }),
      model({
        id: 'empty',
        type: 'term',
        execute: false,
        dataField: [{ field: 'sectors', weight: 1 }],
        value: null,
      }),
      model({
        id: 'results',
        react: { and: ['box', 'missing', 'empty'], or: ['industry', 'nowhere'], not: 'sector' },
      }),
    ];
    expect(planQueries('companies', queries).map((query) => query.model.id)).toEqual(['results']);
    expect(bodyOf(queries, 'results').query).toEqual({
      bool: {
        filter: [
          {
            bool: {
              filter: [
                textClause('acme', ['company_name'], ['company_name.prefix'], '0'),
                { terms: { industry: ['banks'] } },
                { bool: { must_not: [{ terms: { sectors: ['retail'] } }] } },
              ],
            },
          },
        ],
      },
    });
  });

  it('index mappings: folded text with edge n-gram and keyword sub-fields, keyword filters, geo_point', () => {
    const companies = indexBody('companies');
    const text = {
      type: 'text',
      analyzer: 'folded',
      fields: {
        prefix: { type: 'text', analyzer: 'folded_prefixes', search_analyzer: 'folded' },
        keyword: { type: 'keyword', normalizer: 'folded', ignore_above: 512 },
      },
    };
    expect(companies.settings.analysis.filter.word_prefixes).toEqual({
      type: 'edge_ngram',
      min_gram: 1,
      max_gram: 20,
    });
    expect(companies.mappings.properties).toMatchObject({
      company_name: text,
      brands: text,
      subsidiaries: text,
      industry: { type: 'keyword' },
      updated: { type: 'date', format: 'yyyy-MM-dd' },
      location: { type: 'geo_point' },
    });
    expect(Object.keys(indexBody('industries').mappings.properties)).toEqual(
      expect.arrayContaining(['industry_text', 'industry_alts']),
    );
    expect(indexBody('reports').mappings.properties).toMatchObject({ title: text });
  });

  it('reports prefix-only highlights under the field itself', () => {
    expect(
      byField({
        'company_name.prefix': ['<mark>Acme</mark> Logistics'],
        brands: ['<mark>Acme</mark> Gear'],
        'brands.prefix': ['<mark>Acme</mark> Gear (prefix)'],
      }),
    ).toEqual({
      company_name: ['<mark>Acme</mark> Logistics'],
      brands: ['<mark>Acme</mark> Gear'],
    });
  });
});
