import type { CompanySearchDocument, SearchQueryModel } from '@upright/contracts';
import { createPgAdapter } from '@upright/platform';
import { testInfra } from '@upright/platform/testing';
import { randomUUID } from 'node:crypto';
import { PrismaClient } from '../generated/prisma/client';
import { EmbeddedEngine } from './embedded/embedded-engine';
import { PostgresDocumentStore } from './embedded/postgres-document-store';
import type { SearchEngine } from './engine';
import { OpenSearchEngine } from './opensearch/opensearch-engine';
import { engineQuery, queryModel } from './spec-support';

/**
 * One contract for both engines (docs/product/rules.md#s2). It always runs against the embedded
 * engine (documents persisted in the real `search` schema); with OPENSEARCH_URL set it also runs
 * against that cluster. No OpenSearch server can run in this workplace (docs/product/rules.md#s10).
 */
const infra = testInfra();
const db = new PrismaClient({
  adapter: createPgAdapter({ DATABASE_URL: infra.databaseUrl('search'), DATABASE_POOL_SIZE: 2 }),
});
afterAll(() => db.$disconnect());

interface EngineUnderTest {
  name: string;
  create(space: string): SearchEngine;
  cleanUp(space: string): Promise<void>;
}

const engines: EngineUnderTest[] = [
  {
    name: 'embedded',
    create: (space) => new EmbeddedEngine(new PostgresDocumentStore(db, space)),
    cleanUp: async (space) => void (await db.document.deleteMany({ where: { space } })),
  },
];
const openSearchUrl = process.env.OPENSEARCH_URL;
if (openSearchUrl) {
  engines.push({
    name: 'opensearch',
    create: (space) => new OpenSearchEngine(openSearchUrl, space),
    cleanUp: async (space) => {
      await fetch(`${openSearchUrl.replace(/\/$/, '')}/${space}-*`, { method: 'DELETE' });
    },
  });
}

const NYC = { lat: 40.7128, lon: -74.006 };
const LA = { lat: 34.0522, lon: -118.2437 };

function company(
  id: string,
  name: string,
  extra: Partial<CompanySearchDocument> = {},
): CompanySearchDocument {
  return {
    id,
    company_name: name,
    slug: name.toLowerCase().replace(/ /g, '-'),
    brands: [],
    subsidiaries: [],
    industry: 'conglomerates',
    industries: ['conglomerates'],
    sectors: [],
    updated: '2026-01-15',
    location: null,
    ...extra,
  };
}

const COMPANIES: CompanySearchDocument[] = [
  company('c-acme-logistics', 'Acme Logistics Holdings', {
    industry: 'shipping',
    industries: ['shipping'],
  }),
  company('c-acme', 'Acme', { brands: ['Roadrunner Traps'], subsidiaries: ['Wile Industries'] }),
  company('c-coyote', 'Coyote Outfitters', { brands: ['Acme Gear'] }),
  company('c-globex', 'Globex Corporation', {
    brands: ['Planet Express'],
    subsidiaries: ['Initrode Labs'],
    updated: '2024-06-30',
  }),
  company('c-umbrella', 'Umbrella Health', {
    industry: 'health',
    industries: ['health'],
    location: NYC,
  }),
  company('c-soylent', 'Soylent Foods', {
    industry: 'food',
    industries: ['food', 'health'],
    location: LA,
  }),
  ...Array.from({ length: 25 }, (_, n) =>
    company(`c-filler-${String(n).padStart(2, '0')}`, `Filler Company ${n}`, {
      industry: 'filler',
      industries: ['filler'],
    }),
  ),
];

const text = (value: string, overrides: Partial<SearchQueryModel> = {}) =>
  queryModel({
    id: 'results',
    value,
    dataField: [
      { field: 'company_name', weight: 3 },
      { field: 'brands', weight: 1 },
      { field: 'subsidiaries', weight: 1 },
    ],
    ...overrides,
  });

describe.each(engines)('search engine contract: $name', (underTest) => {
  const space = `test-${randomUUID().slice(0, 8)}`;
  let engine: SearchEngine;
  const ids = async (queries: SearchQueryModel[]) =>
    (await engine.search(engineQuery('companies', queries))).hits.map((hit) => hit.id);

  beforeAll(async () => {
    engine = underTest.create(space);
    await engine.start();
    await engine.upsert('companies', COMPANIES);
  });
  afterAll(async () => {
    await engine.close();
    await underTest.cleanUp(space);
  });

  it('puts the exact name first, then other names and brands containing it', async () => {
    const found = await ids([text('Acme')]);
    expect(found[0]).toBe('c-acme');
    expect(found).toEqual(expect.arrayContaining(['c-acme-logistics', 'c-coyote']));
    expect(found).not.toContain('c-globex');
  });

  it('ranks a name starting with the words above a brand or subsidiary holding them', async () => {
    // The brand is the whole query (an exact value) and the name only begins with it: the name
    // still comes first, while typed and once typed in full.
    const named = company('c-waynewright', 'Waynewright Mills Holdings Group');
    const branded = company('c-gotham', 'Gotham Outfitters', {
      brands: ['Wayne'],
      subsidiaries: ['Wayne Mills'],
    });
    await engine.upsert('companies', [branded, named]);
    try {
      expect(await ids([text('Wayne')])).toEqual(['c-waynewright', 'c-gotham']);
      expect((await ids([text('Waynewright Mi')]))[0]).toBe('c-waynewright');
      // No name starts with these words: the subsidiary holding them all leads as before.
      expect((await ids([text('Wayne Mills')]))[0]).toBe('c-gotham');
    } finally {
      await engine.remove('companies', [named.id, branded.id]);
    }
  });

  it('finds companies by brand and by subsidiary', async () => {
    expect(await ids([text('Planet Express')])).toEqual(['c-globex']);
    expect(await ids([text('Initrode')])).toEqual(['c-globex']);
    expect(await ids([text('Roadrunner')])).toEqual(['c-acme']);
  });

  it('tolerates typos within the fuzziness asked for, and not beyond', async () => {
    expect(await ids([text('Globx', { fuzziness: 'AUTO' })])).toContain('c-globex');
    expect(await ids([text('Umbrela', { fuzziness: 1 })])).toContain('c-umbrella');
    expect(await ids([text('Umbrela Healht', { fuzziness: 0 })])).toEqual([]);
  });

  it('matches the last word as a prefix while typing', async () => {
    expect(await ids([text('Glo')])).toEqual(['c-globex']);
    expect(await ids([text('Umbrella He')])).toEqual(['c-umbrella']);
    expect(await ids([text('Soylent Fo', { queryFormat: 'and' })])).toEqual(['c-soylent']);
  });

  it('pages with a stable order and the full total', async () => {
    const page = (from: number) =>
      engine.search(engineQuery('companies', [text('Filler', { size: 10, from })]));
    const [first, second, third] = await Promise.all([page(0), page(10), page(20)]);
    expect([first.total, second.total, third.total]).toEqual([25, 25, 25]);
    expect([first.hits.length, second.hits.length, third.hits.length]).toEqual([10, 10, 5]);
    const all = [...first.hits, ...second.hits, ...third.hits].map((hit) => hit.id);
    expect(new Set(all).size).toBe(25);
  });

  it('applies term, range and geo filters, and react with and/or/not', async () => {
    const industry = queryModel({
      id: 'industry',
      type: 'term',
      execute: false,
      dataField: [{ field: 'industries', weight: 1 }],
      value: ['health'],
    });
    const recent = queryModel({
      id: 'recent',
      type: 'range',
      execute: false,
      dataField: [{ field: 'updated', weight: 1 }],
      value: { start: '2025-01-01', end: null },
    });
    const nearNyc = queryModel({
      id: 'near',
      type: 'geo',
      execute: false,
      dataField: [{ field: 'location', weight: 1 }],
      value: { distance: 50, unit: 'km', location: NYC },
    });
    const results = (react: SearchQueryModel['react']) =>
      queryModel({ id: 'results', size: 100, react });

    expect((await ids([industry, results({ and: 'industry' })])).sort()).toEqual([
      'c-soylent',
      'c-umbrella',
    ]);
    expect(await ids([industry, nearNyc, results({ and: ['industry', 'near'] })])).toEqual([
      'c-umbrella',
    ]);
    expect(await ids([industry, results({ and: 'industry', not: 'missing' })])).toHaveLength(2);
    const notRecent = await ids([recent, results({ not: 'recent' })]);
    expect(notRecent).toEqual(['c-globex']);
    const either = await ids([nearNyc, recent, results({ or: ['near', 'nobody'], and: 'recent' })]);
    expect(either).toEqual(['c-umbrella']);
    // 3,000 miles reach Los Angeles from New York (about 2,445 mi).
    const far = queryModel({ ...nearNyc, value: { distance: 3000, unit: 'mi', location: NYC } });
    expect((await ids([far, results('near')])).sort()).toEqual(['c-soylent', 'c-umbrella']);
  });

  it('counts terms buckets over what the others let through, its own choice narrowing only its hits', async () => {
    const bucketsOf = async (queries: SearchQueryModel[]) => {
      const result = await engine.search(engineQuery('companies', queries));
      return { total: result.total, buckets: result.buckets };
    };
    const list = (field: string, value: string[] | null, react: SearchQueryModel['react'] = null) =>
      queryModel({
        id: `list-${field}`,
        type: 'term',
        size: 0,
        dataField: [{ field, weight: 1 }],
        value,
        react,
        aggregation: { field, size: 10, order: 'count' },
      });
    // Most documents first, ties by value; a company in two industries counts in both.
    expect(await bucketsOf([list('industries', null)])).toEqual({
      total: COMPANIES.length,
      buckets: [
        { key: 'filler', doc_count: 25 },
        { key: 'conglomerates', doc_count: 3 },
        { key: 'health', doc_count: 2 },
        { key: 'food', doc_count: 1 },
        { key: 'shipping', doc_count: 1 },
      ],
    });
    // Its own selection keeps every value on offer; the hits' total is narrowed.
    const health = await bucketsOf([list('industries', ['health'])]);
    expect(health.total).toBe(2);
    expect(health.buckets?.map((bucket) => bucket.key)).toContain('filler');
    // The text it reacts to narrows the counts, as does another list's choice.
    const acme = text('Acme', { execute: false, id: 'q' });
    expect((await bucketsOf([acme, list('industries', null, { and: 'q' })])).buckets).toEqual([
      { key: 'conglomerates', doc_count: 2 },
      { key: 'shipping', doc_count: 1 },
    ]);
    const food = queryModel({
      id: 'food',
      type: 'term',
      execute: false,
      dataField: [{ field: 'industry', weight: 1 }],
      value: ['food'],
    });
    expect((await bucketsOf([food, list('industries', null, 'food')])).buckets).toEqual([
      { key: 'food', doc_count: 1 },
      { key: 'health', doc_count: 1 },
    ]);
    // Ordered by value, and cut to the size asked.
    const byValue = queryModel({
      ...list('industry', null),
      aggregation: { field: 'industry', size: 2, order: 'desc' },
    });
    expect((await bucketsOf([byValue])).buckets).toEqual([
      { key: 'shipping', doc_count: 1 },
      { key: 'health', doc_count: 1 },
    ]);
    // A result list reacting to a list's choice: only that industry, the text still applied.
    const chosen = queryModel({ ...list('industries', ['shipping']), execute: false });
    expect(
      await ids([acme, chosen, text('', { react: { and: ['q', 'list-industries'] } })]),
    ).toEqual(['c-acme-logistics']);
  });

  it('highlights the matched words in the asked fields', async () => {
    const result = await engine.search(
      engineQuery('companies', [
        text('acme', { highlight: true, highlightFields: ['company_name', 'brands'] }),
      ]),
    );
    const coyote = result.hits.find((hit) => hit.id === 'c-coyote');
    expect(coyote?.highlight?.brands?.[0]).toBe('<mark>Acme</mark> Gear');
    const logistics = result.hits.find((hit) => hit.id === 'c-acme-logistics');
    expect(logistics?.highlight?.company_name?.[0]).toBe('<mark>Acme</mark> Logistics Holdings');
  });

  it('returns only the included fields', async () => {
    const [hit] = (
      await engine.search(
        engineQuery('companies', [text('Globex', { includeFields: ['company_name'] })]),
      )
    ).hits;
    expect(hit.source).toEqual({ company_name: 'Globex Corporation' });
  });

  it('replaces on upsert and forgets on remove', async () => {
    await engine.upsert('companies', [company('c-temp', 'Zanzibar Tea')]);
    expect(await ids([text('Zanzibar')])).toEqual(['c-temp']);
    await engine.upsert('companies', [company('c-temp', 'Xylophone Tea')]);
    expect(await ids([text('Zanzibar')])).toEqual([]);
    expect(await ids([text('Xylophone')])).toEqual(['c-temp']);
    await engine.remove('companies', ['c-temp', 'c-never-indexed']);
    expect(await ids([text('Xylophone')])).toEqual([]);
  });

  it('swaps a rebuilt index in only when it is complete', async () => {
    const build = await engine.beginBuild('industries');
    await build.add([
      { id: 'banks', industry_text: 'Banks', industry_alts: ['Lenders'], definition: 'Money.' },
    ]);
    const industries = (value: string) =>
      engine.search(
        engineQuery('industries', [
          queryModel({
            id: 'r',
            value,
            dataField: [
              { field: 'industry_text', weight: 1 },
              { field: 'industry_alts', weight: 1 },
            ],
          }),
        ]),
      );
    expect((await industries('Lenders')).total).toBe(0);
    expect(await build.swap()).toBe(1);
    expect((await industries('Lenders')).hits.map((hit) => hit.id)).toEqual(['banks']);
    // Companies were not touched by the industries rebuild.
    expect(await ids([text('Globex')])).toEqual(['c-globex']);
  });

  it('keeps everything across a restart', async () => {
    await engine.close();
    engine = underTest.create(space);
    await engine.start();
    expect(await ids([text('Planet Express')])).toEqual(['c-globex']);
    expect((await engine.search(engineQuery('companies', [text('Filler')]))).total).toBe(25);
  });
});
