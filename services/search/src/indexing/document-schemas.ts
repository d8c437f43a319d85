import {
  SEARCH_APPS,
  SEARCH_INDEX_BATCH,
  SearchIndexJobs,
  type SearchApp,
  type SearchIndexJob,
} from '@upright/contracts';
import { z } from 'zod';

/** Queue payloads come from other processes: checked like any input before they reach an index. */
const id = z.string().min(1).max(200);
const text = z.string().max(1000);
const texts = z.array(text).max(500);
const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD');

export const documentSchemas = {
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
} as const satisfies Record<SearchApp, z.ZodType>;

const app = z.enum(SEARCH_APPS);

const upsertSchema = z.discriminatedUnion('app', [
  z.strictObject({
    app: z.literal('companies'),
    documents: z.array(documentSchemas.companies).max(SEARCH_INDEX_BATCH),
  }),
  z.strictObject({
    app: z.literal('industries'),
    documents: z.array(documentSchemas.industries).max(SEARCH_INDEX_BATCH),
  }),
  z.strictObject({
    app: z.literal('reports'),
    documents: z.array(documentSchemas.reports).max(SEARCH_INDEX_BATCH),
  }),
]);

const jobSchemas = {
  [SearchIndexJobs.upsert]: upsertSchema,
  [SearchIndexJobs.remove]: z.strictObject({ app, ids: z.array(id).max(SEARCH_INDEX_BATCH) }),
  [SearchIndexJobs.rebuild]: z.strictObject({ apps: z.array(app).min(1) }),
};

/** A job as the worker received it, or a message naming what is wrong with it. */
export function parseIndexJob(
  name: string,
  data: unknown,
): { ok: true; job: SearchIndexJob } | { ok: false; problem: string } {
  if (!(name in jobSchemas)) return { ok: false, problem: `unknown job name ${name}` };
  const result = jobSchemas[name as keyof typeof jobSchemas].safeParse(data);
  if (!result.success) {
    const issue = result.error.issues[0];
    return { ok: false, problem: `${issue.path.join('.') || 'data'} ${issue.message}` };
  }
  return { ok: true, job: { name, data: result.data } as SearchIndexJob };
}
