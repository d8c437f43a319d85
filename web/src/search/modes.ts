import type { SearchApp } from '@upright/contracts';
import { WebPaths } from '@upright/contracts';

/**
 * A filter of the results panel (docs/product/spec.md#s1 "search box, filters, result list"): a
 * list of the values of a term field with their counts. `id` is its ReactiveSearch component id
 * and, prefixed, its URL parameter.
 */
export interface SearchFilter {
  id: string;
  field: string;
  title: string;
  /** Values are industry slugs, shown by their names. */
  industryNames: boolean;
}

const INDUSTRY_FILTER: SearchFilter = {
  id: 'industry',
  field: 'industry',
  title: 'Industry',
  industryNames: true,
};
const SECTOR_FILTER: SearchFilter = {
  id: 'sector',
  field: 'sectors',
  title: 'Sector',
  industryNames: false,
};

/** docs/product/spec.md#s2 search modes: their exact placeholders and the fields each searches. */
export const SEARCH_MODES = {
  companies: {
    label: 'Companies',
    placeholder: 'Beta search [mostly large US corporations]',
    fields: [
      { field: 'company_name', weight: 3 },
      { field: 'brands', weight: 2 },
      { field: 'subsidiaries', weight: 1 },
    ],
    filters: [INDUSTRY_FILTER, SECTOR_FILTER],
  },
  industries: {
    label: 'Industries/Sectors',
    placeholder: 'Search beta [US industries & sectors only]',
    fields: [
      { field: 'industry_text', weight: 3 },
      { field: 'industry_alts', weight: 1 },
    ],
    filters: [],
  },
  reports: {
    label: 'Reports',
    placeholder: 'Beta search [reports]',
    fields: [{ field: 'title', weight: 1 }],
    filters: [INDUSTRY_FILTER],
  },
} as const satisfies Record<
  SearchApp,
  {
    label: string;
    placeholder: string;
    fields: ReadonlyArray<{ field: string; weight: number }>;
    filters: readonly SearchFilter[];
  }
>;

/** The radio offers companies and industries; reports mode exists without a radio choice. */
export const RADIO_MODES: readonly SearchApp[] = ['companies', 'industries'];

type Source = Record<string, unknown>;
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The page a search document opens (a suggestion navigates there directly). */
export function pathOfDocument(app: SearchApp, id: string, source: Source): string | null {
  switch (app) {
    case 'companies': {
      const industry = text(source.industry);
      const slug = text(source.slug);
      return industry && slug ? WebPaths.company(industry, slug) : null;
    }
    case 'industries':
      return WebPaths.industry(text(source.industry) || id);
    case 'reports': {
      const date = text(source.published_date);
      const slug = text(source.slug);
      return date && slug ? WebPaths.report(id, date, slug) : null;
    }
  }
}

/** What a search document is called: the value of its app's first text field (its name). */
export function titleOf(app: SearchApp, source: Source): string {
  return text(source[SEARCH_MODES[app].fields[0].field]);
}
