import {
  DataSet,
  RANKING_VALUES,
  REPORT_SOURCES_COMPANIES_MAX,
  REPORTS_PAGE_MAX,
  type RankingValue,
} from '@upright/contracts';
import { z } from 'zod';
import {
  booleanParam,
  documentedAs,
  quarterParam,
  slugParam,
  wholeNumberParam,
  yearParam,
  reportIdParam,
} from '../shared/route-params';

/** Formats of the report routes' parameters; messages complete "<param> …". */

export const pageParam = wholeNumberParam(1, REPORTS_PAGE_MAX);

export const pageParams = z.object({ page: pageParam });

/** In route order, so the first bad parameter is the one reported. */
export const majorParams = z.object({
  page: pageParam,
  list: z.union([z.literal('all'), slugParam], {
    error: 'must be an industry (lowercase letters and digits joined by hyphens) or all',
  }),
  value: z.enum(['all', ...RANKING_VALUES] as ['all', ...RankingValue[]], {
    error: `must be all or one of: ${RANKING_VALUES.join(', ')}`,
  }),
  archived: booleanParam,
  year: yearParam,
  qrt: quarterParam,
  major: booleanParam,
});

export const reportParams = z.object({ id: reportIdParam });

/** Any date and slug of an old link is accepted; a wrong one is answered with the right path. */
export const publishedParams = z.object({
  id: reportIdParam,
  date: z.string().max(100, 'must be at most 100 characters'),
  slug: z.string().max(300, 'must be at most 300 characters'),
});

const COMPANIES_RULE = `must be 1 to ${REPORT_SOURCES_COMPANIES_MAX} company ids separated by commas`;

/** The ids a comma list holds, which the document states (their pattern, how many). */
const companyIds = z
  .array(z.string().regex(DataSet.CID_PATTERN))
  .min(1)
  .max(REPORT_SOURCES_COMPANIES_MAX);
const companies = z.string({ error: COMPANIES_RULE }).transform((value, context) => {
  const ids = companyIds.safeParse(value.split(','));
  if (ids.success) return ids.data;
  // One problem for the whole list: the parameter is one field.
  context.addIssue({ code: 'custom', message: COMPANIES_RULE });
  return z.NEVER;
});
documentedAs.set(companies, companyIds);

export const sourcesParams = z.object({ companies });

/** `POST /api/reports/pub` body. */
export const publishBody = z.strictObject(
  { report_id: z.int('must be a whole number').min(1, 'must be at least 1').max(2_147_483_647) },
  { error: 'must be a JSON object { "report_id": <number> }' },
);
