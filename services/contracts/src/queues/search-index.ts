/**
 * The `search-index` queue: rankings (on import) and reports (on import and publish) push the
 * documents they own; the search service's worker writes them to the engine. Documents carry
 * exactly the fields search needs (spec §2 search bar), nothing more.
 */
import type { Company } from '../dto/rankings';

export const SEARCH_APPS = ['companies', 'industries', 'reports'] as const;
export type SearchApp = (typeof SEARCH_APPS)[number];

/**
 * The company fields the search bar shows or filters on, as the API's `Company` has them
 * (`updated` is the 'Latest Update:' date; `industry` the primary industry slug, so the company
 * page is /companies/us/{industry}/{slug}).
 */
export type CompanySearchDocument = Pick<
  Company,
  | 'company_name'
  | 'slug'
  | 'brands'
  | 'subsidiaries'
  | 'industry'
  | 'industries'
  | 'sectors'
  | 'updated'
> & {
  /** `upright_cid`. */
  id: string;
  /** Headquarters, for the geo distance filter; null when unknown. */
  location: { lat: number; lon: number } | null;
};

export interface IndustrySearchDocument {
  /** The industry slug. */
  id: string;
  industry_text: string;
  industry_alts: string[];
  definition: string;
}

export interface ReportSearchDocument {
  /** `report_id`. */
  id: string;
  title: string;
  slug: string;
  /** YYYY-MM-DD; the report page is /reports/{id}/{published_date}/{slug}. */
  published_date: string;
  industry: string;
  archived: boolean;
}

export interface SearchDocumentOf {
  companies: CompanySearchDocument;
  industries: IndustrySearchDocument;
  reports: ReportSearchDocument;
}

export const SearchIndexJobs = {
  upsert: 'upsert',
  remove: 'remove',
  /** `make reindex`: rebuild the apps' indices from their owners' documents and swap them in. */
  rebuild: 'rebuild',
} as const;

export interface SearchIndexJobData {
  upsert: { [A in SearchApp]: { app: A; documents: SearchDocumentOf[A][] } }[SearchApp];
  remove: { app: SearchApp; ids: string[] };
  rebuild: { apps: SearchApp[] };
}

/** A job of one kind: the BullMQ job name is the kind. */
export type SearchIndexJob = {
  [K in keyof SearchIndexJobData]: { name: K; data: SearchIndexJobData[K] };
}[keyof SearchIndexJobData];

/** Most documents in one upsert job; producers split larger sets. */
export const SEARCH_INDEX_BATCH = 500;
