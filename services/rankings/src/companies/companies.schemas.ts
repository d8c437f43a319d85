import { RANKING_VALUES, TOP_COUNT_MAX, type RankingValue } from '@upright/contracts';
import { slugSchema, wholeNumberFrom } from '@upright/platform';
import { z } from 'zod';

/** Message payloads of the companies patterns, as checked on arrival (see parseMessage). */

const periodSchema = z.strictObject({
  period_year: wholeNumberFrom(2000, 2100),
  period_qrt: wholeNumberFrom(1, 4),
});

export const industryCompaniesRequestSchema = z.object({
  industry: slugSchema,
  period: periodSchema.nullable(),
});

// Lookup only (compared with stored slugs), so any bounded string is harmless.
export const companySlugSchema = z
  .string('must be a string')
  .min(1, 'must not be empty')
  .max(200, 'must be at most 200 characters');

export const companyDetailRequestSchema = z.object({
  industry: slugSchema,
  company: companySlugSchema,
});

export const topCompaniesRequestSchema = z.object({
  industry: slugSchema,
  primaryOnly: z.boolean('must be true or false'),
  value: z.enum(RANKING_VALUES as [RankingValue, ...RankingValue[]], {
    error: `must be one of: ${RANKING_VALUES.join(', ')}`,
  }),
  major: z.boolean('must be true or false'),
  count: wholeNumberFrom(1, TOP_COUNT_MAX),
  period: periodSchema,
});
