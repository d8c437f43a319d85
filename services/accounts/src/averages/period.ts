import type { CrowdAverages } from '@upright/contracts';
import { TRIM_FRACTION } from './averages';

/**
 * Decision 0055. `monthly`: visitors' rankings use the averages last published before the 1st
 * of the month (UTC), of verified members of 30 days and more, 10 %-trimmed. `immediate`
 * (decision 0043 alone): every weighted member, plain mean, in force once published — for test
 * stacks whose members are minutes old and must move visitors' rankings at once.
 */
export type AveragesRule = CrowdAverages['rule'];

/** How old a verified account must be before its priorities count (decision 0055). */
export const STANDING_DAYS = 30;

const DAY_MS = 86_400_000;

/** Which members count and how: the trim of the mean, and the latest sign-up that counts. */
export interface Counting {
  trim: number;
  /** Verified accounts created at or before this count; null: every weighted member. */
  joinedBy: Date | null;
}

export function countingAt(rule: AveragesRule, now: Date): Counting {
  return rule === 'monthly'
    ? { trim: TRIM_FRACTION, joinedBy: new Date(now.getTime() - STANDING_DAYS * DAY_MS) }
    : { trim: 0, joinedBy: null };
}

/** The 1st of `now`'s month, 00:00 UTC: when the weights in force took effect. */
export function periodStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}
