import { SEARCH_APP_FIELDS, type SearchApp } from '@upright/contracts';

/**
 * Index settings and mappings per app. Text fields are analyzed text (lowercase, accents folded)
 * with two sub-fields: `prefix`, indexed as edge n-grams of each word, for matching while typing,
 * and `keyword`, the whole value normalised the same way, for exact-name boosting and sorting.
 * Filters are keywords, dates and a geo_point.
 */
const settings = {
  analysis: {
    filter: {
      word_prefixes: { type: 'edge_ngram', min_gram: 1, max_gram: 20 },
    },
    analyzer: {
      folded: { type: 'custom', tokenizer: 'standard', filter: ['lowercase', 'asciifolding'] },
      folded_prefixes: {
        type: 'custom',
        tokenizer: 'standard',
        filter: ['lowercase', 'asciifolding', 'word_prefixes'],
      },
    },
    normalizer: {
      folded: { type: 'custom', filter: ['lowercase', 'asciifolding'] },
    },
  },
} as const;

const textField = {
  type: 'text',
  analyzer: 'folded',
  fields: {
    prefix: { type: 'text', analyzer: 'folded_prefixes', search_analyzer: 'folded' },
    keyword: { type: 'keyword', normalizer: 'folded', ignore_above: 512 },
  },
} as const;

const keyword = { type: 'keyword' } as const;
const stored = { type: 'keyword', index: false } as const;
const date = { type: 'date', format: 'yyyy-MM-dd' } as const;

const filterFields: Record<SearchApp, Record<string, object>> = {
  companies: {
    id: keyword,
    slug: stored,
    industry: keyword,
    industries: keyword,
    sectors: keyword,
    updated: date,
    location: { type: 'geo_point' },
  },
  industries: { id: keyword, definition: { type: 'text', analyzer: 'folded' } },
  reports: {
    id: keyword,
    slug: stored,
    industry: keyword,
    archived: { type: 'boolean' },
    published_date: date,
  },
};

export function indexBody(app: SearchApp) {
  const text = Object.fromEntries(SEARCH_APP_FIELDS[app].text.map((field) => [field, textField]));
  return {
    settings,
    mappings: { dynamic: 'strict', properties: { ...text, ...filterFields[app] } },
  };
}

/** The edge n-gram sub-field of a text field: typed words match as word prefixes. */
export const PREFIX_SUFFIX = '.prefix';

/** Fields whose sort or exact match uses the normalised keyword sub-field. */
export function keywordOf(app: SearchApp, field: string): string {
  return (SEARCH_APP_FIELDS[app].text as readonly string[]).includes(field)
    ? `${field}.keyword`
    : field;
}
