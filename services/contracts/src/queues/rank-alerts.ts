/**
 * The `rank-alerts` queue (decision 0037): after an import commits a new latest period
 * of some industries, the import adds one job per period carrying every moved company of those
 * industries; accounts' worker fans it out to the companies' followers as `rank-alert` mails.
 * The job carries the moves themselves, so accounts never asks rankings and a retried job sees
 * exactly what the import saw.
 */
import { z } from 'zod';
import type { Period } from '../dto/rankings';
import { jobsByName } from './job-schemas';
import { Queues } from './names';

export const RANK_ALERTS_JOB = 'moves';

/** One company whose normalized rank changed between the previous period and `period`. */
export interface CompanyRankMove {
  upright_cid: string;
  company_name: string;
  slug: string;
  /** normalized_rank at the previous period with scores, and now. */
  from: number;
  to: number;
  /** n = |S| now (docs/product/rules.md#s5: the lowest rank). */
  of: number;
}

export interface IndustryRankMoves {
  industry: string;
  industry_text: string;
  previous_period: Period;
  moves: CompanyRankMove[];
}

export interface RankAlertsJobData {
  period: Period;
  /** Sorted by industry slug; companies within by upright_cid. */
  industries: IndustryRankMoves[];
}

/** A scored period as jobs carry it. */
export const periodSchema = z.strictObject({
  period_year: z.number().int().min(2000).max(2100),
  period_qrt: z.number().int().min(1).max(4),
});

/**
 * The job as the worker must find it: the queue is a boundary (a stale producer or a hand-added
 * job must fail, not mail nonsense). Checked against the types above, so the two cannot drift.
 */
export const rankAlertsJobSchema: z.ZodType<RankAlertsJobData> = z.strictObject({
  period: periodSchema,
  industries: z
    .array(
      z.strictObject({
        industry: z.string().min(1).max(100),
        industry_text: z.string().min(1).max(300),
        previous_period: periodSchema,
        moves: z.array(
          z.strictObject({
            upright_cid: z.string().min(1).max(64),
            company_name: z.string().min(1).max(300),
            slug: z.string().min(1).max(300),
            from: z.number().int().min(1),
            to: z.number().int().min(1),
            of: z.number().int().min(1),
          }),
        ),
      }),
    )
    .min(1),
});

/**
 * One job per period and set of industries: a re-run of the same import step adds nothing new
 * (BullMQ ignores an id it holds), and the mails have their own ids per member, company and
 * period. BullMQ 5 refuses ":" in ids, hence "_".
 */
export const rankAlertsJobId = (period: Period, industries: readonly string[]): string =>
  `rank-alerts_${period.period_year}-${period.period_qrt}_${[...industries].sort().join(',')}`;

/** Retries while Postgres or Redis is away (about 2 hours); kept so the id stays taken. */
export const RANK_ALERTS_JOB_OPTIONS = {
  attempts: 12,
  backoff: { type: 'exponential', delay: 2_000 },
  removeOnComplete: { age: 30 * 24 * 3600 },
} as const;

/** What the import adds and accounts' rank-alerts worker checks each job against. */
export const rankAlertsJobs = jobsByName(
  Queues.rankAlerts,
  { [RANK_ALERTS_JOB]: rankAlertsJobSchema },
  { jobOptions: RANK_ALERTS_JOB_OPTIONS },
);
