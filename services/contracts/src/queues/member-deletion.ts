import { z } from 'zod';
import { jobsOfAnyName } from './job-schemas';
import { Queues } from './names';

/**
 * Deleting a discontinued member on the final date (docs/product/rules.md#s8). Accounts owns the
 * delayed `member-deletion` job; once its own rows are gone it enqueues one job per other service
 * that keeps member data, so each deletion is retried on its own until done.
 */
export interface MemberDeletionJobData {
  uid: string;
}

/** The job name on both queues. */
export const MEMBER_DELETION_JOB = 'delete-member';

/**
 * Job id: one deletion per member, however often it is scheduled. BullMQ 5 refuses custom ids
 * containing ":", hence "_".
 */
export const memberDeletionJobId = (uid: string): string => `member-deletion_${uid}`;

/** Job id of the search service's part of one member's deletion. */
export const searchMemberDeletionJobId = (uid: string): string => `search-member-deletion_${uid}`;

const memberDeletionData: z.ZodType<MemberDeletionJobData> = z.strictObject({
  uid: z.string().min(1).max(200),
});

/** Retries while Postgres or Redis is away: about 2 hours in all. */
const DELETION_RETRIES = { attempts: 12, backoff: { type: 'exponential', delay: 2_000 } } as const;

/** Accounts' own `member-deletion` queue. */
export const memberDeletionJobs = jobsOfAnyName(Queues.memberDeletion, memberDeletionData, {
  // The id must be free again for a member who discontinues, continues and discontinues again.
  jobOptions: { ...DELETION_RETRIES, removeOnComplete: true },
});

/** Search's part of a deletion, `search-member-deletion`: the same data, retried on its own. */
export const searchMemberDeletionJobs = jobsOfAnyName(
  Queues.searchMemberDeletion,
  memberDeletionData,
  { jobOptions: DELETION_RETRIES },
);
