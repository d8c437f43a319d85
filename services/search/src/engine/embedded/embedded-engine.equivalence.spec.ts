import type { CompanySearchDocument, SearchFuzziness, SearchQueryModel } from '@upright/contracts';
import MiniSearch from 'minisearch';
import { sampleCompanyDocuments } from '../../../bench/sample-companies';
import { searchIndexSuggestions } from '../../reactivesearch/suggestions';
import {
  EXACT_MATCH_BOOST,
  NAME_MATCH_BOOST,
  type EngineHit,
  type EngineQuery,
  type EngineResult,
  type SearchEngine,
} from '../engine';
import { planQueries } from '../query-plan';
import { projectSource } from '../source-fields';
import { queryModel, seededRandom as random } from '../spec-support';
import {
  fieldValues,
  highlightValue,
  maxEdits,
  normalizeWhole,
  queryTerms,
  tokenize,
} from '../text-match';
import { EmbeddedEngine } from './embedded-engine';
import { MemoryDocumentStore } from './memory-document-store';

/**
 * The engine before decision 0014's prefix index (minisearch 7, every candidate scored and sorted per query), kept
 * here only, as the reference the embedded engine's answers must equal. Text queries and text
 * filters only: what suggestions and the results list of the search bar run.
 */
type Doc = Record<string, unknown> & { id: string };

class MinisearchReference {
  private readonly search = new MiniSearch<Doc>({
    idField: 'id',
    fields: ['company_name', 'brands', 'subsidiaries'],
    extractField: (document, field) => fieldValues(document, field).join(' \n '),
    tokenize: (text) => tokenize(text),
    processTerm: (term) => term || null,
  });
  private readonly documents = new Map<string, Doc>();

  constructor(documents: readonly Doc[]) {
    for (const document of documents) {
      this.search.add(document);
      this.documents.set(document.id, document);
    }
  }

  run(query: EngineQuery): EngineResult {
    let filterIds: Set<string> | null = null;
    if (query.filter) {
      if (query.filter.kind !== 'text') throw new Error('the reference runs text filters only');
      filterIds = new Set(this.scored(query.filter.match).map(({ document }) => document.id));
    }
    const accepts = (document: Doc) => !filterIds || filterIds.has(document.id);
    const candidates = (
      query.text
        ? this.scored(query.text)
        : [...this.documents.values()].map((document) => ({ document, score: 1 }))
    ).filter(({ document }) => accepts(document));
    candidates.sort((a, b) => {
      const byScore = b.score - a.score;
      return byScore !== 0 ? byScore : a.document.id < b.document.id ? -1 : 1;
    });
    const terms = query.text ? queryTerms(query.text.value, query.text.fuzziness) : [];
    const hits = candidates
      .slice(query.from, query.from + query.size)
      .map(({ document, score }): EngineHit => {
        const hit: EngineHit = { id: document.id, score, source: projectSource(document, query) };
        if (query.highlightFields && terms.length > 0) {
          hit.highlight = {};
          for (const field of query.highlightFields) {
            const marked = fieldValues(document, field)
              .map((value) => highlightValue(value, terms))
              .filter((value): value is string => value !== null);
            if (marked.length > 0) hit.highlight[field] = marked;
          }
        }
        return hit;
      });
    return { total: candidates.length, hits };
  }

  private scored(match: NonNullable<EngineQuery['text']>) {
    const whole = normalizeWhole(match.value);
    const fields = match.fields.map((weighted) => weighted.field);
    const results = this.search.search(match.value, {
      fields,
      boost: Object.fromEntries(match.fields.map(({ field, weight }) => [field, weight])),
      combineWith: match.operator === 'and' ? 'AND' : 'OR',
      prefix: (_term, position, terms) => position === terms.length - 1,
      fuzzy: (term) => maxEdits(match.fuzziness, term) || false,
      weights: { fuzzy: 0.45, prefix: 0.375 },
    });
    return results.map((result) => {
      const document = this.documents.get(result.id as string) as Doc;
      const exact = fields.some((field) =>
        fieldValues(document, field).some((value) => normalizeWhole(value) === whole),
      );
      const named =
        whole !== '' &&
        fields.includes('company_name') &&
        normalizeWhole(String(document.company_name)).startsWith(whole);
      const score = exact ? result.score * EXACT_MATCH_BOOST : result.score;
      return { document, score: named ? score * NAME_MATCH_BOOST : score };
    });
  }
}

/** Accents, other scripts and punctuation, which the generated sample does not have. */
const UNICODE_COMPANIES: CompanySearchDocument[] = [
  ['Nestlé S.A.', ['Nescafé', 'Crème Café'], ['Société des Produits Nestlé']],
  ['Ørsted', ['Ørsted Offshore'], []],
  ['Straße & Söhne GmbH', ['STRASSE'], ['Söhne Logistik']],
  ['Crédit Agricole', ['LCL'], ['Amundi', 'Crédit du Nord']],
  ['Škoda Auto', ['Škoda'], ['ŠKODA Electric']],
  ['東京電力', ['TEPCO'], []],
  ['AT&T Inc.', ['AT&T', 'Cricket'], ['DirecTV']],
].map(([name, brands, subsidiaries], index) => ({
  id: `UX${String(index).padStart(6, '0')}`,
  company_name: name as string,
  slug: `unicode-${index}`,
  brands: brands as string[],
  subsidiaries: subsidiaries as string[],
  industry: 'airlines',
  industries: ['airlines'],
  sectors: ['Industrials'],
  updated: null,
  location: null,
}));

const DATA_FIELD = [
  { field: 'company_name', weight: 3 },
  { field: 'brands', weight: 1 },
  { field: 'subsidiaries', weight: 1 },
];

/** What a visitor may type: prefixes of real labels, case mixed, a second word, typos, blanks. */
function typedValues(documents: readonly CompanySearchDocument[], count: number): string[] {
  const next = random(11);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)];
  const labels = documents.flatMap((document) => [
    document.company_name,
    ...document.brands,
    ...document.subsidiaries,
  ]);
  const values = ['', '   ', '!!', 'ü', 'É', 'nestle', 'NESTLÉ', 'orsted', 'strasse', 'at&t'];
  while (values.length < count) {
    const label = pick(labels);
    const length = 1 + Math.floor(next() * 5);
    const shape = next();
    let typed = label.slice(0, length);
    if (shape < 0.2) typed = label.slice(0, label.indexOf(' ') + 1 + length);
    else if (shape < 0.3) typed = typed.toUpperCase();
    else if (shape < 0.4 && typed.length > 2) {
      // A typo: one letter replaced.
      const at = 1 + Math.floor(next() * (typed.length - 1));
      typed = `${typed.slice(0, at)}x${typed.slice(at + 1)}`;
    } else if (shape < 0.7) typed = typed.toLowerCase();
    values.push(typed);
  }
  return values;
}

/** The answer with scores to 12 significant digits: both engines sum the same terms, in another order. */
function comparable<T>(answer: T): T {
  return JSON.parse(
    JSON.stringify(answer, (key, value) =>
      (key === '_score' || key === 'score') && typeof value === 'number'
        ? Number(value.toPrecision(12))
        : value,
    ),
  ) as T;
}

describe('the embedded engine answers exactly as the minisearch engine did', () => {
  const documents = [...sampleCompanyDocuments(4000), ...UNICODE_COMPANIES];
  const reference = new MinisearchReference(documents as unknown as Doc[]);
  const referenceEngine = { search: async (query: EngineQuery) => reference.run(query) };
  const engine = new EmbeddedEngine(new MemoryDocumentStore());

  beforeAll(async () => {
    await engine.upsert('companies', documents);
  });

  const suggestion = (value: string, fuzziness: SearchFuzziness, queryFormat: 'or' | 'and') =>
    planQueries('companies', [
      queryModel({
        id: 'q',
        type: 'suggestion',
        dataField: DATA_FIELD,
        value,
        fuzziness,
        queryFormat,
        size: 5,
      }),
    ])[0];

  it.each([
    ['AUTO', 'or'],
    [0, 'or'],
    [1, 'and'],
    [2, 'or'],
  ] as const)('suggestions: fuzziness %s, words combined with %s', async (fuzziness, operator) => {
    const values = typedValues(documents, 400);
    let found = 0;
    for (const value of values) {
      const planned = suggestion(value, fuzziness, operator);
      const expected = await searchIndexSuggestions(
        referenceEngine as unknown as SearchEngine,
        'companies',
        planned,
      );
      const actual = await searchIndexSuggestions(engine, 'companies', planned);
      expect({ value, ...comparable(actual) }).toEqual({ value, ...comparable(expected) });
      if (expected.total > 0) found += 1;
    }
    // The comparison means something only if most typed values find companies.
    expect(found).toBeGreaterThan(values.length / 2);
  });

  it('results of Enter: a highlighted search and a list reacting to it, paged', async () => {
    for (const value of typedValues(documents, 150)) {
      const queries: SearchQueryModel[] = [
        queryModel({
          id: 'results',
          dataField: DATA_FIELD.slice(0, 1),
          size: 20,
          from: 20,
          react: { and: ['q'] },
        }),
        queryModel({
          id: 'q',
          dataField: DATA_FIELD,
          value,
          fuzziness: 'AUTO',
          highlight: true,
          size: 20,
        }),
      ];
      for (const planned of planQueries('companies', queries)) {
        const expected = reference.run(planned.engine);
        const actual = await engine.search(planned.engine);
        expect({ value, ...comparable(actual) }).toEqual({ value, ...comparable(expected) });
      }
    }
  });
});
