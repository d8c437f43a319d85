/**
 * Deleting a discontinued member on the final date (decisions §8). Accounts owns the delayed
 * `member-deletion` job; once its own rows are gone it enqueues one job per other service that
 * keeps member data, so each deletion is retried on its own until done.
 */
export interface MemberDeletionJobData {
  uid: string;
}

/** Job id: one deletion per member, however often it is scheduled. */
export const memberDeletionJobId = (uid: string): string => `member-deletion:${uid}`;
