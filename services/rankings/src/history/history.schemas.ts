import { COMPARE_MAX, COMPARE_MIN } from '@upright/contracts';
import { slugSchema } from '@upright/platform';
import { z } from 'zod';
import { companySlugSchema } from '../companies/companies.schemas';

/** Message payloads of the history patterns, as checked on arrival (see parseMessage). */

export const industryHistoryRequestSchema = z.object({ industry: slugSchema });

export const companyHistoryRequestSchema = z.object({
  industry: slugSchema,
  company: companySlugSchema,
});

export const comparisonRequestSchema = z.object({
  industry: slugSchema,
  companies: z
    .array(companySlugSchema)
    .min(COMPARE_MIN, `must name at least ${COMPARE_MIN} companies`)
    .max(COMPARE_MAX, `must name at most ${COMPARE_MAX} companies`)
    .refine((slugs) => new Set(slugs).size === slugs.length, 'must not name a company twice'),
});
