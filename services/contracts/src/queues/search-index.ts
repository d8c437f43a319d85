/**
 * The `search-index` queue: rankings (on import) and reports (on import and publish) push the
 * documents they own; the search service's worker writes them to the engine. Documents carry
 * exactly the fields search needs (spec §2 search bar), nothing more.
 */
export const SEARCH_APPS = ['companies', 'industries', 'reports'] as const;
export type SearchApp = (typeof SEARCH_APPS)[number];

export interface CompanySearchDocument {
  /** `upright_cid`. */
  id: string;
  company_name: string;
  /** Lowercase, spaces as hyphens: the company page's last path segment. */
  slug: string;
  brands: string[];
  subsidiaries: string[];
  /** Primary industry slug; the company page is /companies/us/{industry}/{slug}. */
  industry: string;
  industries: string[];
  sectors: string[];
  /** 'Latest Update:' date, YYYY-MM-DD. */
  updated: string | null;
  /** Headquarters, for the geo distance filter; null when unknown. */
  location: { lat: number; lon: number } | null;
}

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
