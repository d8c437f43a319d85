/**
 * The `reports` and `report_sources` sections of the data set file. Rankings checks them with
 * the rest of the file (industries and companies they reference); the reports service stores
 * them. One definition, so both read the same rows the same way.
 */
import { z } from 'zod';
import { RANKING_VALUES, type RankingValue } from '../dto/rankings';
import { bool, cid, date, intBetween, msg, periodQrt, periodYear, slug, text, url } from './fields';

export const REPORT_VALUES = RANKING_VALUES as [RankingValue, ...RankingValue[]];

const reportId = () =>
  z.int(msg('must be a positive whole number')).min(1, 'must be a positive whole number');

export const reportRowSchema = z.strictObject({
  report_id: reportId(),
  title: text(300),
  slug: slug(),
  published_date: date(),
  industry: slug(),
  value: z.enum(REPORT_VALUES, msg(`must be one of: ${REPORT_VALUES.join(', ')}`)),
  geography: z.literal('us', msg('must be "us"')),
  count: intBetween(1, 1000),
  primary: bool(false),
  major: bool(false),
  major_ranking: bool(false),
  archived: bool(false),
  featured: bool(false),
  period_year: periodYear(),
  period_qrt: periodQrt(),
  report: text(200_000),
});

export const reportSourceRowSchema = z.strictObject({
  report_id: reportId(),
  upright_cid: cid().optional(),
  source_publisher: text(200),
  source_url: url(),
  source_date: date(),
  title: text(300),
});

export type ReportRow = z.output<typeof reportRowSchema>;
export type ReportSourceRow = z.output<typeof reportSourceRowSchema>;
