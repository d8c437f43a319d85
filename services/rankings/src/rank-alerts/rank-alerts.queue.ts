import {
  applicableIssues,
  ISSUE_KEYS,
  PRIORITY_DEFAULT,
  RANK_ALERTS_JOB,
  rankAlertsJobId,
  rankAlertsJobs,
  type IndustryRankMoves,
  type IssueWeights,
  type Period,
  type RankAlertsJobData,
} from '@upright/contracts';
import { QueueProducer, type QueueConnectionConfig } from '@upright/platform';
import { CompaniesRepository } from '../companies/companies.repository';
import { rankedSetOf } from '../companies/ranked-sets.service';
import type { PrismaClient } from '../generated/prisma/client';
import { comparePeriods, newPeriods, periodKey, rankMoves } from './new-periods';
import { RankAlertsRepository, type IndustryNaming } from './rank-alerts.repository';

/** normalized_rank does not depend on weights; any will do for the engine's lists. */
const ANY_WEIGHTS = Object.fromEntries(
  ISSUE_KEYS.map((key) => [key, PRIORITY_DEFAULT]),
) as IssueWeights;

/** The moves of one industry from the period before `period` to `period`; null if none before. */
async function industryMoves(
  companies: CompaniesRepository,
  industry: string,
  naming: IndustryNaming,
  period: Period,
): Promise<IndustryRankMoves | null> {
  const earlier = (await companies.periods(industry, 'listed')).filter(
    (other) => comparePeriods(other, period) < 0,
  );
  const previousPeriod = earlier.at(-1);
  if (previousPeriod === undefined) return null;
  const [before, now] = await Promise.all(
    [previousPeriod, period].map(async (at) =>
      rankedSetOf(
        at,
        await companies.membersAt(industry, 'listed', at),
        applicableIssues(naming.values),
      ).industryLists(ANY_WEIGHTS),
    ),
  );
  return {
    industry,
    industry_text: naming.text,
    previous_period: previousPeriod,
    moves: rankMoves(before!.ranked, now!.ranked),
  };
}

/**
 * After an import has committed (decision 0037): for every industry whose latest period is newer
 * than the one last alerted, the normalized-rank moves since its previous period go to the
 * `rank-alerts` queue, one job per period; then the alerted periods move. Run after every
 * import, so one that died before queueing is healed by the next. Returns the jobs added.
 */
export async function queueRankAlerts(
  db: PrismaClient,
  config: QueueConnectionConfig,
): Promise<RankAlertsJobData[]> {
  const repository = new RankAlertsRepository(db);
  const steps = newPeriods(await repository.latestPeriods(), await repository.alertedPeriods());
  if (steps.alert.length === 0) {
    if (steps.record.length > 0) await repository.recordAlerted(steps.record);
    return [];
  }
  const companies = new CompaniesRepository(db);
  const industries = await repository.industries(steps.alert.map((step) => step.industry));
  const byPeriod = new Map<number, RankAlertsJobData>();
  for (const { industry, period } of steps.alert) {
    const naming = industries.get(industry) ?? { text: industry, values: [] };
    const moves = await industryMoves(companies, industry, naming, period);
    if (moves === null || moves.moves.length === 0) continue;
    const job = byPeriod.get(periodKey(period)) ?? { period, industries: [] };
    job.industries.push(moves);
    byPeriod.set(periodKey(period), job);
  }
  const jobs = [...byPeriod.values()];
  if (jobs.length > 0) {
    const queue = new QueueProducer(rankAlertsJobs, config);
    try {
      for (const job of jobs) {
        const industries = job.industries.map((entry) => entry.industry);
        await queue.add(RANK_ALERTS_JOB, job, { jobId: rankAlertsJobId(job.period, industries) });
      }
    } finally {
      await queue.close();
    }
  }
  await repository.recordAlerted([...steps.alert, ...steps.record]);
  return jobs;
}
