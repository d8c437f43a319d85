import { z } from 'zod';
import type { Period } from './rankings';

/** One active industry as the home statement and the industries index show it. */
export interface SiteFactsIndustry {
  industry: string;
  industry_text: string;
  definition: string;
  /** Companies ranked in the industry at `period`. */
  companies: number;
  /** The issues the industry is scored on (its `industry_values`). */
  issues: number;
  /** The period its ranking shows; null when it has no scores yet. */
  period: Period | null;
}

/**
 * `GET /api/facts` (decision 0056): what the site ranks, counted live from the
 * active industries' rankings.
 */
export interface SiteFacts {
  /** Distinct companies ranked in at least one active industry. */
  companies: number;
  /** The issues a ranking can weigh (the nine of docs/product/rules.md#s5). */
  issues: number;
  /** The latest period any active industry is ranked at; null when none has scores. */
  period: Period | null;
  /** YYYY-MM-DD: the newest `updated` of a ranked company; null when none says. */
  updated: string | null;
  industries: SiteFactsIndustry[];
}

const periodSchema = z.object({ period_year: z.number().int(), period_qrt: z.number().int() });

export const siteFactsAnswerSchema: z.ZodType<SiteFacts> = z.object({
  companies: z.number().int(),
  issues: z.number().int(),
  period: periodSchema.nullable(),
  updated: z.string().nullable(),
  industries: z.array(
    z.object({
      industry: z.string(),
      industry_text: z.string(),
      definition: z.string(),
      companies: z.number().int(),
      issues: z.number().int(),
      period: periodSchema.nullable(),
    }),
  ),
});
