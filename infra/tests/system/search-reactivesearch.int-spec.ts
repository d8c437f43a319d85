import {
  Patterns,
  type CompanySearchDocument,
  type IndustrySearchDocument,
} from '@upright/contracts';
import { Metrics } from '@upright/platform';
import type { StartedApp } from '@upright/platform/testing';
import { startTestApp } from '@upright/platform/testing';
import { bffService } from '@upright/bff';
import { visitorCsrfHeaders } from './support/accounts-stack';
import { searchBarRequests, sendWithAppbase } from './support/reactivesearch-bodies';
import { SearchStack } from '@upright/search/testing';

/**
 * The ReactiveSearch API of docs/product/rules.md#s9 end to end: HTTP → BFF (validation) → Redis
 * Streams → search service → embedded engine, with bodies built by the ReactiveSearch library
 * itself (see support/reactivesearch-bodies.ts) for mount, typing, Enter and page 2.
 */
interface Hit {
  _id: string;
  _index: string;
  _source: Record<string, unknown>;
  highlight?: Record<string, string[]>;
  label?: string;
  value?: string;
  _suggestion_type?: string;
}
interface QueryAnswer {
  took: number;
  hits: { total: { value: number }; hits: Hit[] };
}

describe('ReactiveSearch API through the BFF', () => {
  const stack = new SearchStack();
  const tag = stack.tag;
  let bff: StartedApp;

  const company = (
    id: string,
    name: string,
    extra: Partial<CompanySearchDocument> = {},
  ): CompanySearchDocument => ({
    id: `${tag}-${id}`,
    company_name: name,
    slug: name.toLowerCase().replace(/ /g, '-'),
    brands: [],
    subsidiaries: [],
    industry: 'retail',
    industries: ['retail'],
    sectors: ['Consumer'],
    updated: '2026-01-31',
    location: null,
    ...extra,
  });
  const companies: CompanySearchDocument[] = [
    company('acme', 'Acme', {
      brands: ['Roadrunner Traps'],
      location: { lat: 40.7128, lon: -74.006 },
    }),
    company('acme-mart', 'Acme Mart Stores', { location: { lat: 34.05, lon: -118.24 } }),
    company('globex', 'Globex Corporation', {
      brands: ['Planet Express'],
      subsidiaries: ['Initrode Labs'],
    }),
    ...Array.from({ length: 42 }, (_, n) => company(`shop-${n}`, `Acme Shop ${n + 1}`)),
  ];
  const industries: IndustrySearchDocument[] = [
    {
      id: `${tag}-banks`,
      industry_text: 'Commercial Banks',
      industry_alts: ['Lenders'],
      definition: 'Banks that lend.',
    },
  ];

  const post = (app: string, body: unknown, path = '_reactivesearch.v3') =>
    fetch(`${bff.url}/api/search/${app}/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  // Analytics are writes: they carry a visitor's CSRF token, as every write does.
  let csrf: Record<string, string> | undefined;
  const put = async (path: string, body: unknown) => {
    csrf ??= await visitorCsrfHeaders(bff.url);
    return fetch(`${bff.url}/api/search/${path}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', ...csrf },
      body: JSON.stringify(body),
    });
  };

  beforeAll(async () => {
    await stack.startSearch();
    bff = await startTestApp(bffService, { ...stack.common, WEB_DIST_DIR: '' });
    await stack.index('companies', companies);
    await stack.index('industries', industries);
  });
  afterAll(async () => {
    await bff?.app.close();
    await stack.close();
  });

  it('mount: the result list shows every company, 20 per page, with took and total', async () => {
    const queries = searchBarRequests.mount();
    expect(queries.map((query) => [query.id, query.type, query.execute])).toEqual([
      ['results', 'search', true],
    ]);
    const answer = await sendWithAppbase(bff.url, 'companies', queries, { v3: true });
    const results = answer.results as QueryAnswer;
    expect(results.hits.total.value).toBe(companies.length);
    expect(results.hits.hits).toHaveLength(20);
    expect(typeof results.took).toBe('number');
    expect(results.hits.hits[0]._index).toBe('companies');
    expect(Object.keys(results.hits.hits[0]._source).sort()).toEqual([
      'brands',
      'company_name',
      'industry',
      'slug',
      'subsidiaries',
      'updated',
    ]);
  });

  it('typing: suggestions carry label, value and _suggestion_type, the exact name first', async () => {
    const queries = searchBarRequests.typing('acm');
    expect(queries[0]).toMatchObject({
      id: 'search__internal',
      type: 'suggestion',
      value: 'acm',
      execute: true,
    });
    const answer = await sendWithAppbase(bff.url, 'companies', queries);
    const suggestions = (answer.search__internal as QueryAnswer).hits.hits;
    expect(suggestions).toHaveLength(5);
    for (const suggestion of suggestions) {
      expect(suggestion).toMatchObject({ _suggestion_type: 'index', _index: 'companies' });
      expect(suggestion.label).toBe(suggestion.value);
      expect(suggestion.label).toMatch(/^Acme/);
    }
    const brand = await sendWithAppbase(
      bff.url,
      'companies',
      searchBarRequests.typing('planet ex'),
    );
    expect((brand.search__internal as QueryAnswer).hits.hits[0]).toMatchObject({
      _id: `${tag}-globex`,
      label: 'Planet Express',
      _suggestion_type: 'index',
    });
  });

  /** Messages the search service has handled of `pattern`, answered or failed. */
  const handled = async (pattern: string) => {
    const counter = await stack
      .search!.app.get(Metrics)
      .registry.getSingleMetric('upright_messages_total')!
      .get();
    return counter.values
      .filter((value) => value.labels.pattern === pattern)
      .reduce((sum, value) => sum + value.value, 0);
  };

  it('typing: identical queries nobody asked before, sent at once, make one search (single flight), kept for the next', async () => {
    const runs = () => handled(Patterns.search.reactiveSearchBatch);
    const before = await runs();
    const body = { query: [{ id: `merge-${tag}`, type: 'suggestion', value: 'glob', size: 3 }] };
    const answers = await Promise.all(Array.from({ length: 12 }, () => post('companies', body)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(12).fill(200));
    const texts = new Set(await Promise.all(answers.map((answer) => answer.text())));
    expect(texts.size).toBe(1);
    expect(JSON.parse([...texts][0])[`merge-${tag}`].hits.hits[0]).toMatchObject({
      label: 'Globex Corporation',
    });
    expect(await runs()).toBe(before + 1);
    expect((await post('companies', body)).status).toBe(200);
    expect(await runs()).toBe(before + 1);
  });

  it('typing: different queries nobody asked before, sent at once, are asked in batches and each gets its own answer', async () => {
    const before = await handled(Patterns.search.reactiveSearchBatch);
    const singlyBefore = await handled(Patterns.search.reactiveSearch);
    const typed = ['acme m', 'globe', 'planet e', 'acme shop 1', 'acme shop 2', 'initro'];
    const bodies = typed.map((value, index) => ({
      query: [{ id: `batch-${index}-${tag}`, type: 'suggestion', value, size: 1 }],
    }));
    const answers = await Promise.all(bodies.map((body) => post('companies', body)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(typed.length).fill(200));
    const labels = await Promise.all(
      answers.map(async (answer, index) => {
        const results = (await answer.json()) as Record<string, QueryAnswer>;
        expect(Object.keys(results)).toEqual([`batch-${index}-${tag}`]);
        return results[`batch-${index}-${tag}`].hits.hits[0]?.label;
      }),
    );
    expect(labels).toEqual([
      'Acme Mart Stores',
      'Globex Corporation',
      'Planet Express',
      'Acme Shop 1',
      'Acme Shop 2',
      'Initrode Labs',
    ]);
    // Requests read in one turn of the BFF's loop share a message (TurnBatch's unit tests);
    // six connections from one client may be read over several turns.
    const messages = (await handled(Patterns.search.reactiveSearchBatch)) - before;
    expect(messages).toBeGreaterThanOrEqual(1);
    expect(messages).toBeLessThanOrEqual(typed.length);
    expect(await handled(Patterns.search.reactiveSearch)).toBe(singlyBefore);
  });

  it('Enter: the results react to the search box value; page 2 continues with the same total', async () => {
    const enter = searchBarRequests.enter('Acme');
    expect(enter.map((query) => [query.id, query.type, query.execute])).toEqual([
      ['results', 'search', true],
      ['search', 'search', false],
    ]);
    const first = await sendWithAppbase(bff.url, 'companies', enter, { recordAnalytics: true });
    const firstPage = first.results as QueryAnswer;
    expect(first.search).toBeUndefined();
    expect(firstPage.hits.total.value).toBe(44);
    expect(firstPage.hits.hits[0]._id).toBe(`${tag}-acme`);
    expect(first._headers.get('X-Search-Id')).toMatch(/^[0-9a-f-]{36}$/);

    const page2 = searchBarRequests.page('Acme', 2);
    expect(page2[0]).toMatchObject({ id: 'results', from: 20, size: 20 });
    const second = (await sendWithAppbase(bff.url, 'companies', page2)).results as QueryAnswer;
    expect(second.hits.total.value).toBe(44);
    expect(second.hits.hits).toHaveLength(20);
    const third = (await sendWithAppbase(bff.url, 'companies', searchBarRequests.page('Acme', 3)))
      .results as QueryAnswer;
    expect(third.hits.hits).toHaveLength(4);
    const seen = [...firstPage.hits.hits, ...second.hits.hits, ...third.hits.hits].map(
      (hit) => hit._id,
    );
    expect(new Set(seen).size).toBe(44);
  });

  it('answers _reactivesearch and _reactivesearch.v3 alike, and the industries app on its own fields', async () => {
    const body = {
      query: [
        {
          id: 'q',
          dataField: ['industry_text', 'industry_alts'],
          value: 'lendrs',
          fuzziness: 'AUTO',
          highlight: true,
        },
      ],
    };
    for (const path of ['_reactivesearch', '_reactivesearch.v3']) {
      const response = await post('industries', body, path);
      expect(response.status).toBe(200);
      const answer = (await response.json()) as { q: QueryAnswer };
      expect(answer.q.hits.hits.map((hit) => hit._id)).toEqual([`${tag}-banks`]);
      expect(answer.q.hits.hits[0].highlight).toEqual({ industry_alts: ['<mark>Lenders</mark>'] });
    }
  });

  it('filters by distance from a point (geo on company headquarters)', async () => {
    const response = await post('companies', {
      query: [
        {
          id: 'near',
          type: 'geo',
          dataField: 'location',
          value: { distance: 100, unit: 'km', location: '40.73, -73.99' },
          execute: false,
        },
        { id: 'q', value: 'acme', react: { and: ['near', 'not-a-query'] } },
      ],
    });
    expect(response.status).toBe(200);
    const answer = (await response.json()) as { q: QueryAnswer; near?: unknown };
    expect(answer.near).toBeUndefined();
    expect(answer.q.hits.hits.map((hit) => hit._id)).toEqual([`${tag}-acme`]);
  });

  it('filters: term lists answer their buckets with counts, narrow the results and each other; unoffered options are refused by name', async () => {
    // The bodies ReactiveSearch's MultiList and ReactiveList send from the results panel.
    const box = {
      id: 'q',
      type: 'search',
      dataField: [{ field: 'company_name', weight: 3 }],
      execute: false,
      value: 'acme',
    };
    const list = (id: string, field: string, others: string[]) => ({
      id,
      type: 'term',
      dataField: [field],
      execute: true,
      react: { and: ['q', ...others, `${id}__internal`] },
      size: 100,
      queryFormat: 'or',
      sortBy: 'count',
      candidates: 100,
    });
    type Answer = Record<string, QueryAnswer & { aggregations?: Record<string, unknown> }>;
    const send = async (query: unknown[]) => {
      const response = await post('companies', { settings: { recordAnalytics: false }, query });
      expect(response.status).toBe(200);
      return (await response.json()) as Answer;
    };
    const counts = await send([list('industry', 'industry', ['sector']), box]);
    expect(counts.industry.aggregations).toEqual({
      industry: { buckets: [{ key: 'retail', doc_count: 44 }] },
    });
    expect(counts.industry.hits.hits).toEqual([]);
    const sector = { ...list('sector', 'sectors', ['industry']), value: ['Consumer'] };
    const results = {
      id: 'results',
      dataField: ['company_name'],
      execute: true,
      react: { and: ['q', 'industry', 'sector'] },
      size: 20,
    };
    const narrowed = await send([results, box, { ...sector, execute: false }]);
    expect(narrowed.results.hits.total.value).toBe(44);
    const none = await send([results, box, { ...sector, execute: false, value: ['Energy'] }]);
    expect(none.results.hits.total.value).toBe(0);

    for (const [extra, field] of [
      [{ type: 'range', dataField: 'updated', calendarInterval: 'month' }, 'calendarInterval'],
      [
        { type: 'suggestion', value: 'acm', enablePredictiveSuggestions: true },
        'enablePredictiveSuggestions',
      ],
      [{ type: 'term', dataField: 'sectors', aggregations: ['histogram'] }, 'aggregations'],
      [{ type: 'term', dataField: 'sectors', nonsense: 1 }, 'nonsense'],
    ] as const) {
      const refused = await post('companies', { query: [{ id: 'f', ...extra }] });
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { error: { field: string } }).error.field).toBe(
        `query.0.${field}`,
      );
    }
  });

  it('shows no popular suggestion searched by one visitor only; records impressions and clicks', async () => {
    const term = `Globex ${tag}`;
    let searchId = '';
    for (let n = 0; n < 2; n++) {
      const answer = await sendWithAppbase(bff.url, 'companies', searchBarRequests.enter(term), {
        recordAnalytics: true,
      });
      searchId = answer._headers.get('X-Search-Id') ?? '';
    }
    const typed = await sendWithAppbase(
      bff.url,
      'companies',
      searchBarRequests.typing(`globex ${tag.slice(0, 4)}`),
    );
    // Popular needs POPULAR_MIN_SEARCHERS distinct searchers (search-privacy.int-spec.ts).
    const popular = (typed.search__internal as QueryAnswer).hits.hits.filter(
      (hit) => hit._suggestion_type === 'popular',
    );
    expect(popular).toEqual([]);

    const impressions = await put('companies/_analytics/search', {
      query_id: searchId,
      impressions: [{ index: 'companies', id: `${tag}-globex` }],
    });
    expect(impressions.status).toBe(200);
    expect(await impressions.json()).toEqual({ query_id: searchId });
    const click = await put('companies/_analytics/click', {
      query_id: searchId,
      click_type: 'result',
      click_on: { [`${tag}-globex`]: 1 },
    });
    expect(click.status).toBe(200);
    expect(await click.json()).toEqual({ recorded: 1 });

    const elsewhere = await put('reports/_analytics/click', {
      query_id: searchId,
      click_type: 'result',
      click_on: { x: 1 },
    });
    expect(elsewhere.status).toBe(404);
    expect(await elsewhere.json()).toEqual({
      error: {
        code: 'not_found',
        message: 'query_id is not a search of this app',
        field: 'query_id',
      },
    });
  });

  it('refuses impressions that name neither the search nor its text', async () => {
    for (const body of [{ impressions: [] }, { query: '', impressions: [] }]) {
      const answer = await put('companies/_analytics/search', body);
      expect(answer.status).toBe(400);
      expect(await answer.json()).toEqual({
        error: {
          code: 'validation_failed',
          message: 'query_id or query is required',
          field: 'query_id',
        },
      });
    }
  });

  it.each([
    ['an unknown app', 'people', { query: [{ id: 'q' }] }, 'app'],
    [
      'a field the app does not have',
      'companies',
      { query: [{ id: 'q', dataField: 'title' }] },
      'query.0.dataField',
    ],
    ['size above 100', 'companies', { query: [{ id: 'q', size: 101 }] }, 'query.0.size'],
    [
      'raw DSL',
      'companies',
      { query: [{ id: 'q', defaultQuery: { query: { match_all: {} } } }] },
      'query.0.defaultQuery',
    ],
    [
      'a latitude out of range',
      'companies',
      {
        query: [
          {
            id: 'g',
            type: 'geo',
            dataField: 'location',
            value: { distance: 1, location: '95, 10' },
          },
        ],
      },
      'query.0.value.location.lat',
    ],
    [
      'a longitude that is not a number',
      'companies',
      {
        query: [
          {
            id: 'g',
            type: 'geo',
            dataField: 'location',
            value: { distance: 1, location: { lat: 1, lon: 'x' } },
          },
        ],
      },
      'query.0.value.location.lon',
    ],
    ['a body without queries', 'companies', {}, 'query'],
  ])('refuses %s with a 400 naming the field', async (_label, app, body, field) => {
    const response = await post(app, body);
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as {
      error: { code: string; message: string; field: string };
    };
    expect(error.code).toBe('validation_failed');
    expect(error.field).toBe(field);
    expect(error.message.startsWith(field)).toBe(true);
  });

  it('says "must be a number" for a non-numeric coordinate', async () => {
    const response = await post('companies', {
      query: [
        {
          id: 'g',
          type: 'geo',
          dataField: 'location',
          value: { distance: 1, location: 'abc, 10' },
        },
      ],
    });
    expect(await response.json()).toEqual({
      error: {
        code: 'validation_failed',
        message: 'query.0.value.location.lat must be a number',
        field: 'query.0.value.location.lat',
      },
    });
  });

  it('refuses malformed JSON, bad analytics bodies, and gives visitors no recent searches', async () => {
    const malformed = await post('companies', '{"query": [');
    expect(malformed.status).toBe(400);
    const badClick = await put('companies/_analytics/click', {
      query_id: 'nope',
      click_type: 'result',
      click_on: {},
    });
    expect(badClick.status).toBe(400);
    expect(((await badClick.json()) as { error: { field: string } }).error.field).toBe('query_id');
    const badType = await put('companies/_analytics/click', {
      query_id: '00000000-0000-4000-8000-000000000000',
      click_type: 'hover',
      click_on: { a: 1 },
    });
    expect(((await badType.json()) as { error: { field: string } }).error.field).toBe('click_type');
    const recent = await fetch(
      `${bff.url}/api/search/_analytics/companies/recent-searches?size=5&min_chars=3`,
    );
    expect(recent.status).toBe(200);
    expect(await recent.json()).toEqual([]);
    const badSize = await fetch(
      `${bff.url}/api/search/_analytics/companies/recent-searches?size=500`,
    );
    expect(badSize.status).toBe(400);
  });
});
