import { z } from 'zod';
import { jobsOfAnyName } from './job-schemas';
import { Queues } from './names';

/**
 * The `search-analytics-retention` queue: one job scheduler (BullMQ's repeatable job) that every
 * search replica upserts at start-up, so exactly one sweep runs per interval, whichever replica
 * takes it. The job carries no data: the retention is the search service's config.
 */
export const ANALYTICS_RETENTION_SCHEDULER = 'sweep-expired-analytics';
export const ANALYTICS_RETENTION_JOB = 'sweep';

/** Whatever data a scheduled sweep carries is not read. */
export const analyticsRetentionJobs = jobsOfAnyName(Queues.searchAnalyticsRetention, z.unknown(), {
  jobOptions: { removeOnComplete: 10, removeOnFail: 10 },
});
