import { SEARCH_APP_FIELDS, type SearchApp } from '@upright/contracts';

/**
 * Index settings and mappings per app. Text fields are `search_as_you_type` (edge shingles for
 * prefix matching while typing) with a `keyword` sub-field normalised like the analyzer, used for
 * exact-name boosting and sorting. Filters are keywords, dates and a geo_point.
 */
const settings = {
  analysis: {
    analyzer: {
      folded: { type: 'custom', tokenizer: 'standard', filter: ['lowercase', 'asciifolding'] },
    },
    normalizer: {
      folded: { type: 'custom', filter: ['lowercase', 'asciifolding'] },
    },
  },
} as const;

const textField = {
  type: 'search_as_you_type',
  analyzer: 'folded',
  fields: { keyword: { type: 'keyword', normalizer: 'folded', ignore_above: 512 } },
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

/** Sub-fields of a search_as_you_type field that the `bool_prefix` multi_match searches. */
export const PREFIX_SUBFIELDS = ['', '._2gram', '._3gram'] as const;

/** Fields whose sort or exact match uses the normalised keyword sub-field. */
export function keywordOf(app: SearchApp, field: string): string {
  return (SEARCH_APP_FIELDS[app].text as readonly string[]).includes(field)
    ? `${field}.keyword`
    : field;
}
