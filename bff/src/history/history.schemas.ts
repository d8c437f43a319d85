/** The request schemas of the history routes (params, queries, bodies). */
import { COMPARE_MAX, COMPARE_MIN } from '@upright/contracts';
import { z } from 'zod';
import { companySlugParam, documentedAs } from '../shared/route-params';

const COMPARE_RULE = `must be ${COMPARE_MIN} to ${COMPARE_MAX} different company slugs joined by ","`;

/** `?c=slug,slug[,slug,slug]`: the comparison's URL is its state (docs/product/rules.md#s12). */
const comparedSlugs = z
  .array(companySlugParam)
  .min(COMPARE_MIN, COMPARE_RULE)
  .max(COMPARE_MAX, COMPARE_RULE)
  .refine((slugs) => new Set(slugs).size === slugs.length, COMPARE_RULE)
  .meta({ uniqueItems: true });
const compared = z
  .string({ error: COMPARE_RULE })
  .transform((value) => value.split(','))
  .pipe(comparedSlugs);
documentedAs.set(compared, comparedSlugs);

export const comparisonQuery = z.object({ c: compared });
