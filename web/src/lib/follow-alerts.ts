import type { FollowsResponse } from '@upright/contracts';

/**
 * Why a member's follows mail nobody yet: rank alerts go only to verified addresses,
 * so a follow by an unverified member is kept but silent until they verify.
 */
export const VERIFY_FOR_ALERTS =
  'Verify your email to get these mails: follow the link we mailed you.';

/** What a company page's follow control shows, from any follows answer. */
export interface FollowState {
  following: boolean;
  /** Followed, but its alerts wait for the member's email to be verified. */
  waitsForVerification: boolean;
}

export function followStateOf(answer: FollowsResponse, uprightCid: string): FollowState {
  const following = answer.follows.some((follow) => follow.upright_cid === uprightCid);
  return { following, waitsForVerification: following && answer.alerts_need_verification };
}
