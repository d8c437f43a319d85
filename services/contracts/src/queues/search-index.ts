/**
 * The `search-index` queue: rankings (on import) and reports (on import and publish) push the
 * documents they own; the search service's worker writes them to the engine. Documents carry
 * exactly the fields search needs (docs/product/spec.md#s2 search bar), nothing more.
 */
import { z } from 'zod';
import type { Company } from '../dto/rankings';
import { jobsByName } from './job-schemas';
import { Queues } from './names';

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

/** Queue payloads come from other processes: checked like any input before they reach an index. */
const id = z.string().min(1).max(200);
const text = z.string().max(1000);
const texts = z.array(text).max(500);
const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD');
const app = z.enum(SEARCH_APPS);

const documentSchemas = {
  companies: z.strictObject({
    id,
    company_name: text.min(1),
    slug: text,
    brands: texts,
    subsidiaries: texts,
    industry: text,
    industries: texts,
    sectors: texts,
    updated: date.nullable(),
    location: z
      .strictObject({ lat: z.number().min(-90).max(90), lon: z.number().min(-180).max(180) })
      .nullable(),
  }),
  industries: z.strictObject({
    id,
    industry_text: text.min(1),
    industry_alts: texts,
    definition: z.string().max(10_000),
  }),
  reports: z.strictObject({
    id,
    title: text.min(1),
    slug: text,
    published_date: date,
    industry: text,
    archived: z.boolean(),
  }),
} as const satisfies { [A in SearchApp]: z.ZodType<SearchDocumentOf[A]> };

const upsertOf = <A extends SearchApp>(name: A) =>
  z.strictObject({
    app: z.literal(name),
    documents: z.array(documentSchemas[name]).max(SEARCH_INDEX_BATCH),
  });

/**
 * Retries until the search service takes a job; completed ids are kept a day, so a producer
 * that adds the same id again (reports' upserts) adds nothing.
 */
const SEARCH_INDEX_JOB_OPTIONS = {
  attempts: 10,
  backoff: { type: 'exponential', delay: 1000 },
  removeOnComplete: { age: 24 * 3600, count: 10_000 },
  removeOnFail: { age: 7 * 24 * 3600 },
} as const;

/** The `search-index` queue's contract: the job name is the kind of change. */
export const searchIndexJobs = jobsByName<SearchIndexJobData>(
  Queues.searchIndex,
  {
    [SearchIndexJobs.upsert]: z.discriminatedUnion('app', [
      upsertOf('companies'),
      upsertOf('industries'),
      upsertOf('reports'),
    ]),
    [SearchIndexJobs.remove]: z.strictObject({ app, ids: z.array(id).max(SEARCH_INDEX_BATCH) }),
    [SearchIndexJobs.rebuild]: z.strictObject({ apps: z.array(app).min(1) }),
  },
  { jobOptions: SEARCH_INDEX_JOB_OPTIONS },
);
