/** The request schemas of the open-data routes (params, queries, bodies). */
import {
  industryCompaniesAnswerSchema,
  periodAnswerSchema,
  publishedReportAnswerSchema,
  reportSourceAnswerSchema,
  SLUG_MAX_LENGTH,
  SLUG_PATTERN,
} from '@upright/contracts';
import { z } from 'zod';
import { documentedAs, reportIdParam, slugParam } from '../shared/route-params';
import type { IndustryOpenData, MarketOpenData, ReportOpenData } from './open-data-files';

type Format = 'csv' | 'json';

/**
 * `<name>.csv` or `<name>.json`, the name checked (and converted) by `name`. `namePattern` is the
 * names `name` accepts, exactly: the OpenAPI document states the file's pattern, so a client
 * validating with it refuses what this refuses.
 */
function downloadFile<Name>(name: z.ZodType<Name, string>, namePattern: string, nameRule: string) {
  const rule = `must be ${nameRule} followed by .csv or .json`;
  return z
    .string({ error: rule })
    .regex(new RegExp(`^(?:${namePattern})\\.(csv|json)$`), rule)
    .transform((file, context) => {
      const dot = file.lastIndexOf('.');
      const parsed = name.safeParse(file.slice(0, dot));
      if (!parsed.success) {
        context.addIssue({ code: 'custom', message: rule });
        return z.NEVER;
      }
      return { name: parsed.data, format: file.slice(dot + 1) as Format };
    });
}

/** A slug of at most SLUG_MAX_LENGTH characters, before the file's dot. */
const SLUG_NAME = `(?=[^.]{1,${SLUG_MAX_LENGTH}}\\.)${SLUG_PATTERN.source.replace(/^\^|\$$/g, '')}`;

/**
 * The digits a whole-number parameter from 1 to `max` accepts, before the file's dot: 1 to 10
 * digits (leading zeros allowed), not all zeros, at most `max` once leading zeros are dropped
 * (fewer digits than `max`, or as many and smaller at the first digit that differs, or `max`).
 */
function wholeNumberName(max: number): string {
  const digits = String(max);
  const shorter = digits.length > 1 ? [`[0-9]{1,${digits.length - 1}}`] : [];
  const smaller = [...digits].flatMap((digit, index) => {
    if (digit === '0') return [];
    const rest = digits.length - index - 1;
    const below = digit === '1' ? '0' : `[0-${Number(digit) - 1}]`;
    return [`${digits.slice(0, index)}${below}${rest > 0 ? `[0-9]{${rest}}` : ''}`];
  });
  return `(?=[0-9]{1,10}\\.)(?=0*[1-9])0*(?:${[...shorter, ...smaller, digits].join('|')})`;
}

export const industryFileParams = z.object({
  market: slugParam,
  file: downloadFile(
    slugParam,
    SLUG_NAME,
    'an industry (lowercase letters and digits joined by hyphens)',
  ),
});

/** `/api/open/us.csv`: a market's every industry in one file. */
export const marketFileParams = z.object({
  file: downloadFile(
    slugParam,
    SLUG_NAME,
    'a market (lowercase letters and digits joined by hyphens)',
  ),
});

export const reportFileParams = z.object({
  file: downloadFile(
    reportIdParam,
    wholeNumberName((documentedAs.get(reportIdParam) as z.ZodNumber).maxValue!),
    'a report id (a whole number)',
  ),
});

const openDataFacts = {
  licence: z.string(),
  methodology_version: z.string(),
  period: periodAnswerSchema.nullable(),
  sources: z.array(reportSourceAnswerSchema),
};

/** The JSON download of an industry ranking (the answer; CSV is the same rows as text). */
export const industryOpenDataSchema: z.ZodType<IndustryOpenData> = z.object({
  ...openDataFacts,
  industry: z.string(),
  data: industryCompaniesAnswerSchema,
});

export const marketOpenDataSchema: z.ZodType<MarketOpenData> = z.object({
  licence: z.string(),
  methodology_version: z.string(),
  market: z.string(),
  industries: z.array(industryOpenDataSchema),
});

export const reportOpenDataSchema: z.ZodType<ReportOpenData> = z.object({
  ...openDataFacts,
  report_id: z.int(),
  data: publishedReportAnswerSchema,
});
