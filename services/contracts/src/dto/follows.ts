import { z } from 'zod';
import type { Averages } from './accounts';

// ---------------------------------------------------------------------------------------------
// Following companies (decision 0037)

/** One followed company, as the account page lists it (the company page it links to). */
export interface FollowedCompany {
  upright_cid: string;
  company_name: string;
  /** The industry and slug of the company page it was followed from. */
  industry: string;
  slug: string;
  /** ISO time the member followed it. */
  since: string;
}

/** `GET /api/follows`: the member's companies (by name) and whether alert mails are on. */
export interface FollowsResponse {
  follows: FollowedCompany[];
  /** False after the member unsubscribed from a mail; following a company turns them on. */
  alerts: boolean;
  /**
   * True while the member's email is unverified: alert mails go only to verified addresses
   *, checked each time alerts are queued, so follows are kept but mail nobody until
   * then.
   */
  alerts_need_verification: boolean;
}

/** Most companies one member may follow (each may mail once per period). */
export const FOLLOWS_MAX = 200;

/** `upright_cid` as the data set spells it: letters, digits, "-" and "_". */
export const uprightCidSchema = z
  .string('must be a company id')
  .regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be a company id of letters, digits, "-" or "_"');

/** What accounts stores of a follow; the BFF resolves it from the company page's path. */
export const followSchema = z.strictObject({
  upright_cid: uprightCidSchema,
  company_name: z.string().min(1).max(300),
  industry: z.string().min(1).max(100),
  slug: z.string().min(1).max(300),
});
export type FollowRequest = z.output<typeof followSchema>;

// ---------------------------------------------------------------------------------------------
// The crowd's weights in the open (docs/product/rules.md#s4)

/**
 * How many weighted members averages count, as a band of ten (`{ from: 40, to: 49 }`), `from`
 * never below `min_members`: never the exact count, which with the averages would give away the
 * priorities of whoever joined between two publications (decision 0043).
 */
export interface MembersBand {
  from: number;
  /** Inclusive. */
  to: number;
}

/**
 * One publication of the averages that changed them: at least `AVERAGES_MIN_CHANGES` members
 * joined, left or changed their priorities since the one before (decision 0043).
 */
export interface CrowdSnapshot {
  /** ISO time the averages were published for visitors' rankings. */
  published_at: string;
  /** Weighted members they average. */
  members: MembersBand;
  averages: Averages;
}

/**
 * `GET /api/averages/history`. `shown` is false (and everything else empty) until
 * `min_members` members are weighted (decision 0020): the page then says so.
 */
export interface CrowdAverages {
  shown: boolean;
  min_members: number;
  /** Members who must join, leave or change their priorities before the next publication. */
  min_changes: number;
  /** The averages visitors' rankings use now, how many members they average, since when. */
  averages: Averages | null;
  members: MembersBand | null;
  since: string | null;
  /** Oldest first; only publications that averaged at least `min_members` members. */
  history: CrowdSnapshot[];
  /** Members who still must count before averages weigh anything (0 from the minimum on). */
  members_needed: number;
  /**
   * Decision 0055: `monthly` — verified members of 30 days and more count, and a publication
   * weighs visitors' rankings from the 1st of the next month; `immediate` (test stacks) — at once.
   */
  rule: 'monthly' | 'immediate';
  /**
   * The weights of visitors' rankings and when they took effect (decision 0055: the 1st of the
   * month); null while they are equal weights. `averages` above may be a newer preview.
   */
  in_force: { since: string; averages: Averages } | null;
}
