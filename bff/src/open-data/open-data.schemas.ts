/** The request schemas of the open-data routes (params, queries, bodies). */
import {
  industryCompaniesAnswerSchema,
  periodAnswerSchema,
  publishedReportAnswerSchema,
  reportSourceAnswerSchema,
} from '@upright/contracts';
import { z } from 'zod';
import { reportIdParam, slugParam } from '../http/route-params';
import type { IndustryOpenData, ReportOpenData } from './open-data-files';

type Format = 'csv' | 'json';

/** `<name>.csv` or `<name>.json`, the name checked (and converted) by `name`. */
function downloadFile<Name>(name: z.ZodType<Name, string>, nameRule: string) {
  const rule = `must be ${nameRule} followed by .csv or .json`;
  return z
    .string({ error: rule })
    .regex(/^[^/]+\.(csv|json)$/, rule)
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

export const industryFileParams = z.object({
  market: slugParam,
  file: downloadFile(slugParam, 'an industry (lowercase letters and digits joined by hyphens)'),
});

export const reportFileParams = z.object({
  file: downloadFile(reportIdParam, 'a report id (a whole number)'),
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

export const reportOpenDataSchema: z.ZodType<ReportOpenData> = z.object({
  ...openDataFacts,
  report_id: z.int(),
  data: publishedReportAnswerSchema,
});
