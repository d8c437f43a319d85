import { BodyProblem, nestingDepth, parseReactiveSearchBody } from './reactivesearch-body';

function problem(app: 'companies' | 'industries' | 'reports', body: unknown): BodyProblem {
  try {
    parseReactiveSearchBody(app, body);
  } catch (error) {
    if (error instanceof BodyProblem) return error;
    throw error;
  }
  throw new Error('expected the body to be refused');
}

const query = (extra: Record<string, unknown>) => ({ query: [{ id: 'q', ...extra }] });

describe('nestingDepth', () => {
  it('counts nested lists and objects, stopping past the limit', () => {
    expect(nestingDepth('q', 5)).toBe(0);
    expect(nestingDepth(['a', 'b'], 5)).toBe(1);
    expect(nestingDepth({ and: ['a', { or: 'b' }] }, 5)).toBe(3);
    let deep: unknown = 'q';
    for (let level = 0; level < 100_000; level += 1) deep = { and: deep };
    expect(nestingDepth(deep, 16)).toBe(17);
  });
});

describe('parseReactiveSearchBody', () => {
  it('fills docs/product/spec.md#s9 defaults: all text fields, page size 10, suggestion size 5, recent 5 / 3 chars', () => {
    const { queries, recordAnalytics } = parseReactiveSearchBody('companies', {
      query: [
        { id: 'results', type: 'search' },
        { id: 'box', type: 'suggestion', value: 'acm', enableRecentSuggestions: true },
      ],
    });
    expect(recordAnalytics).toBe(false);
    expect(queries[0]).toMatchObject({
      dataField: [
        { field: 'company_name', weight: 1 },
        { field: 'brands', weight: 1 },
        { field: 'subsidiaries', weight: 1 },
      ],
      size: 10,
      from: 0,
      fuzziness: 0,
      queryFormat: 'or',
      execute: true,
      value: null,
    });
    expect(queries[1]).toMatchObject({
      size: 5,
      value: 'acm',
      enableRecentSuggestions: true,
      recentSuggestionsSize: 5,
      recentSuggestionsMinChars: 3,
    });
  });

  it('accepts weights as objects or fieldWeights, fuzziness AUTO or a digit, sort and highlight', () => {
    const { queries } = parseReactiveSearchBody('industries', {
      settings: { recordAnalytics: true },
      query: [
        {
          id: 'q',
          dataField: ['industry_text', { field: 'industry_alts', weight: 2 }],
          fieldWeights: [4],
          fuzziness: '2',
          queryFormat: 'and',
          sortBy: 'asc',
          sortField: 'industry_text',
          highlight: true,
          highlightField: 'industry_alts',
          size: 100,
          from: 40,
        },
      ],
    });
    expect(queries[0]).toMatchObject({
      dataField: [
        { field: 'industry_text', weight: 4 },
        { field: 'industry_alts', weight: 2 },
      ],
      fuzziness: 2,
      queryFormat: 'and',
      sortBy: 'asc',
      sortField: 'industry_text',
      highlight: true,
      highlightFields: ['industry_alts'],
      size: 100,
      from: 40,
    });
  });

  it.each([
    [
      'a field of another app',
      'companies',
      query({ dataField: 'title' }),
      'query.0.dataField',
      /"title" is not a text field of companies/,
    ],
    [
      'a filter field as text',
      'companies',
      query({ dataField: ['industry'] }),
      'query.0.dataField',
      /not a text field/,
    ],
    ['size above 100', 'reports', query({ size: 101 }), 'query.0.size', /at most 100/],
    ['a negative from', 'reports', query({ from: -1 }), 'query.0.from', /at least 0/],
    [
      'raw DSL',
      'companies',
      query({ defaultQuery: { query: { match_all: {} } } }),
      'query.0.defaultQuery',
      /raw query DSL/,
    ],
    ['custom DSL', 'companies', query({ customQuery: {} }), 'query.0.customQuery', /raw query DSL/],
    [
      'an unknown property',
      'companies',
      query({ script: 'x' }),
      'query.0.script',
      /not a known property/,
    ],
    [
      'an unknown top-level property',
      'companies',
      { query: [{ id: 'q' }], aggs: {} },
      'aggs',
      /not a known property/,
    ],
    ['fuzziness 3', 'companies', query({ fuzziness: 3 }), 'query.0.fuzziness', /0, 1, 2 or AUTO/],
    [
      'a bad query format',
      'companies',
      query({ queryFormat: 'xor' }),
      'query.0.queryFormat',
      /or or and/,
    ],
    [
      'an unknown type',
      'companies',
      query({ type: 'script' }),
      'query.0.type',
      /search, suggestion, term, range or geo/,
    ],
    ['no queries', 'companies', { query: [] }, 'query', /at least one query/],
    ['not a list', 'companies', { query: {} }, 'query', /list of queries/],
    [
      'a duplicate id with another value',
      'companies',
      {
        query: [
          { id: 'q', value: 'a' },
          { id: 'q', value: 'b' },
        ],
      },
      'query.1.id',
      /used by another query with another value/,
    ],
    [
      'a missing id',
      'companies',
      { query: [{ type: 'search' }] },
      'query.0.id',
      /must be a string/,
    ],
    [
      'a sort on an unsortable field',
      'companies',
      query({ sortBy: 'asc', dataField: 'brands' }),
      'query.0.dataField',
      /not a sort field/,
    ],
    [
      'an unknown include field',
      'reports',
      query({ includeFields: ['secret'] }),
      'query.0.includeFields',
      /"secret" is not a field of reports/,
    ],
    [
      'a non-string value',
      'companies',
      query({ value: { $gt: 1 } }),
      'query.0.value',
      /must be a string/,
    ],
    [
      'an oversize value',
      'companies',
      query({ value: 'x'.repeat(201) }),
      'query.0.value',
      /at most 200/,
    ],
    [
      'an unknown react operator',
      'companies',
      query({ react: { xor: ['a'] } }),
      'query.0.react.xor',
      /not a known property/,
    ],
    [
      'a react of the wrong type',
      'companies',
      query({ react: 5 }),
      'query.0.react',
      /an id, a list of ids or \{ and, or, not \}/,
    ],
    [
      'a date histogram (docs/product/spec.md#s9 calendar intervals are not offered)',
      'companies',
      query({ type: 'range', dataField: 'updated', calendarInterval: 'month' }),
      'query.0.calendarInterval',
      /date histograms are not offered/,
    ],
    [
      'a histogram interval',
      'companies',
      query({ type: 'range', dataField: 'updated', interval: 7 }),
      'query.0.interval',
      /histograms are not offered/,
    ],
    [
      'min/max aggregations',
      'companies',
      query({ type: 'range', dataField: 'updated', aggregations: ['min', 'max'] }),
      'query.0.aggregations',
      /terms buckets only/,
    ],
    [
      'an aggregation field other than the dataField',
      'companies',
      query({ type: 'term', dataField: 'sectors', aggregationField: 'industry' }),
      'query.0.aggregationField',
      /count the values of their dataField/,
    ],
    [
      'predictive suggestions (docs/product/spec.md#s9: 2 words after the highlight)',
      'companies',
      query({ type: 'suggestion', value: 'acm', enablePredictiveSuggestions: true }),
      'query.0.enablePredictiveSuggestions',
      /not supported/,
    ],
    [
      'a missing bucket',
      'companies',
      query({ type: 'term', dataField: 'sectors', showMissing: true }),
      'query.0.showMissing',
      /not counted/,
    ],
    [
      'more than 100 buckets',
      'companies',
      query({ type: 'term', dataField: 'sectors', aggregationSize: 101 }),
      'query.0.aggregationSize',
      /at most 100/,
    ],
    [
      'a term query on a text field',
      'companies',
      query({ type: 'term', dataField: 'company_name' }),
      'query.0.dataField',
      /not a term field of companies/,
    ],
    [
      'a term query without a field',
      'companies',
      query({ type: 'term', value: 'x' }),
      'query.0.dataField',
      /required/,
    ],
  ])('refuses %s', (_label, app, body, field, message) => {
    const refused = problem(app as 'companies', body);
    expect(refused.field).toBe(field);
    expect(refused.problem).toMatch(message);
  });

  it("merges a component's two copies of one query (ReactiveSearch sends both when a box mounted with a value runs and filters)", () => {
    const box = { id: 'q', type: 'search', dataField: 'company_name', value: 'acme' };
    const { queries } = parseReactiveSearchBody('companies', {
      query: [
        { ...box, execute: false, size: 5 },
        { id: 'results', react: { and: 'q' } },
        { ...box, execute: true, size: 10 },
      ],
    });
    expect(queries.map((model) => [model.id, model.execute, model.size])).toEqual([
      ['q', true, 10],
      ['results', true, 10],
    ]);
    const both = parseReactiveSearchBody('companies', {
      query: [
        { ...box, execute: true },
        { ...box, type: 'suggestion', execute: true },
      ],
    }).queries;
    expect(both.map((model) => [model.id, model.type, model.execute])).toEqual([
      ['q', 'suggestion', true],
    ]);
  });

  it('term queries answer buckets of their field: size (or aggregationSize) buckets, sortBy their order, no hits', () => {
    const { queries } = parseReactiveSearchBody('companies', {
      query: [
        {
          id: 'sector',
          type: 'term',
          dataField: 'sectors',
          value: ['Energy'],
          size: 100,
          sortBy: 'count',
          react: { and: ['q'] },
          showMissing: false,
          aggregations: [],
          enablePredictiveSuggestions: false,
        },
        {
          id: 'industry',
          type: 'term',
          dataField: ['industry'],
          aggregationSize: 7,
          sortBy: 'asc',
        },
        { id: 'q', type: 'term', dataField: 'industries' },
      ],
    });
    expect(queries.map((model) => [model.size, model.sortBy, model.aggregation])).toEqual([
      [0, null, { field: 'sectors', size: 100, order: 'count' }],
      [0, null, { field: 'industry', size: 7, order: 'asc' }],
      [0, null, { field: 'industries', size: 10, order: 'count' }],
    ]);
    const search = parseReactiveSearchBody('companies', query({ value: 'acme' })).queries[0];
    expect(search.aggregation).toBeNull();
  });

  describe('geo distance (docs/product/spec.md#s5 validation, #s9 units)', () => {
    const geo = (value: unknown) => query({ type: 'geo', dataField: 'location', value });

    it('accepts "lat, lon" strings and objects, in every docs/product/spec.md#s9 unit', () => {
      for (const unit of ['mi', 'yd', 'ft', 'in', 'km', 'm', 'cm', 'mm', 'NM']) {
        const { queries } = parseReactiveSearchBody(
          'companies',
          geo({ distance: 10, unit, location: '40.7, -74' }),
        );
        expect(queries[0].value).toEqual({ distance: 10, unit, location: { lat: 40.7, lon: -74 } });
      }
      const { queries } = parseReactiveSearchBody(
        'companies',
        geo({ distance: '5', location: { lat: -90, lon: 180 } }),
      );
      expect(queries[0].value).toEqual({
        distance: 5,
        unit: 'mi',
        location: { lat: -90, lon: 180 },
      });
    });

    it.each([
      [{ distance: 10, location: '91, 0' }, 'query.0.value.location.lat', 'must be from -90 to 90'],
      [
        { distance: 10, location: { lat: 0, lon: -180.5 } },
        'query.0.value.location.lon',
        'must be from -180 to 180',
      ],
      [{ distance: 10, location: 'north, 0' }, 'query.0.value.location.lat', 'must be a number'],
      [
        { distance: 10, location: { lat: 1, lon: 'east' } },
        'query.0.value.location.lon',
        'must be a number',
      ],
      [{ distance: 'far', location: '1, 1' }, 'query.0.value.distance', 'must be a number'],
      [
        { distance: 10, unit: 'league', location: '1, 1' },
        'query.0.value.unit',
        'must be one of mi, yd, ft, in, km, m, cm, mm, NM',
      ],
    ])('refuses %j', (value, field, message) => {
      const refused = problem('companies', geo(value));
      expect(refused.field).toBe(field);
      expect(refused.problem).toBe(message);
    });

    it('only on company headquarters', () => {
      const refused = problem('reports', {
        query: [
          { id: 'q', type: 'geo', dataField: 'location', value: { distance: 1, location: '1, 1' } },
        ],
      });
      expect(refused.problem).toMatch(/not a geo field of reports \(allowed: none\)/);
    });
  });
});
