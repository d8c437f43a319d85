/** Payload schemas of the reports patterns; messages complete "<field> …". */
import {
  DataSet,
  RANKING_VALUES,
  REPORT_SEARCH_DOCUMENTS_LIMIT_MAX,
  REPORT_SOURCES_COMPANIES_MAX,
  REPORTS_PAGE_MAX,
  type RankingValue,
} from '@upright/contracts';
import { slugSchema, wholeNumberFrom } from '@upright/platform';
import { z } from 'zod';

const page = wholeNumberFrom(1, REPORTS_PAGE_MAX);
const reportId = wholeNumberFrom(1, 2_147_483_647);
const boolean = z.boolean('must be true or false');

export const pageRequestSchema = z.strictObject({ page });

export const majorRequestSchema = z.strictObject({
  page,
  list: z.union([z.literal('all'), slugSchema], 'must be an industry slug or "all"'),
  value: z.enum(['all', ...RANKING_VALUES] as ['all', ...RankingValue[]], {
    error: `must be all or one of: ${RANKING_VALUES.join(', ')}`,
  }),
  archived: boolean,
  year: wholeNumberFrom(2000, 2100),
  qrt: wholeNumberFrom(1, 4),
  major: boolean,
});

export const reportRequestSchema = z.strictObject({ report_id: reportId });

export const publishedRequestSchema = z.strictObject({
  report_id: reportId,
  // Any old link's date and slug are accepted; only their length is bounded.
  date: z.string('must be a string').max(100, 'must be at most 100 characters'),
  slug: z.string('must be a string').max(300, 'must be at most 300 characters'),
});

export const sourcesRequestSchema = z.strictObject({
  companies: z
    .array(z.string().regex(DataSet.CID_PATTERN, 'must be company ids'), 'must be a list')
    .min(1, 'must name at least one company')
    .max(
      REPORT_SOURCES_COMPANIES_MAX,
      `must name at most ${REPORT_SOURCES_COMPANIES_MAX} companies`,
    ),
});

export const publishRequestSchema = z.strictObject({
  report_id: reportId,
  publishedBy: z.string('must be a string').min(1, 'must not be empty').max(200),
});

export const searchDocumentsRequestSchema = z.strictObject({
  after: z
    .string('must be a string')
    .regex(/^[0-9]{1,10}$/, 'must be a report id')
    .optional(),
  limit: wholeNumberFrom(1, REPORT_SEARCH_DOCUMENTS_LIMIT_MAX),
});

export const ofIndustryRequestSchema = z.strictObject({ industry: slugSchema });
