import {
  AVERAGE_FIELD_OF_ISSUE,
  ISSUES,
  PRIORITY_DEFAULT,
  type Averages,
  type CrowdAverages,
  type CrowdSnapshot,
  type IssueKey,
} from '@upright/contracts';

/** Sums of each issue's server value over the counted members, and how many were counted. */
export interface PrioritySums {
  count: number;
  sums: Readonly<Record<IssueKey, number>>;
}

/**
 * docs/product/rules.md#s4: each average is the mean of `value_<x>` over weighted, not discontinued
 * members, rounded half up to 2 decimals; 5 for every issue until `minMembers` count (decision
 * 0020: the averages of one or two members would be their priorities). Computed in integers
 * (hundredths), so no float drift: sum·100/count rounded is ⌊(200·sum + count) / 2count⌋.
 */
export function averagesOf({ count, sums }: PrioritySums, minMembers = 1): Averages {
  return Object.fromEntries(
    ISSUES.map((issue) => {
      if (count === 0 || count < minMembers) {
        return [AVERAGE_FIELD_OF_ISSUE[issue.key], PRIORITY_DEFAULT];
      }
      const sum = sums[issue.key];
      const hundredths = Math.floor((200 * sum + count) / (2 * count));
      return [AVERAGE_FIELD_OF_ISSUE[issue.key], hundredths / 100];
    }),
  ) as Averages;
}

export function sameAverages(a: Averages, b: Averages): boolean {
  return ISSUES.every((issue) => {
    const field = AVERAGE_FIELD_OF_ISSUE[issue.key];
    return a[field] === b[field];
  });
}

/**
 * The member count stored and published with the averages: 0 while fewer than `minMembers`
 * count, so that a sign-up below the minimum changes nothing visible and publishes nothing.
 */
export function shownMembers(count: number, minMembers: number): number {
  return count >= minMembers ? count : 0;
}

/**
 * `GET /api/averages/history` (issue 15): the latest publication and the history, or nothing
 * while the latest publication counted fewer than `minMembers` (decision 0020), whatever was
 * shown before.
 */
export function crowdAverages(
  latest: CrowdSnapshot | null,
  history: readonly CrowdSnapshot[],
  minMembers: number,
): CrowdAverages {
  if (latest === null || latest.members < minMembers) {
    return {
      shown: false,
      min_members: minMembers,
      averages: null,
      members: null,
      since: null,
      history: [],
    };
  }
  return {
    shown: true,
    min_members: minMembers,
    averages: latest.averages,
    members: latest.members,
    since: latest.published_at,
    history: history.filter((snapshot) => snapshot.members >= minMembers),
  };
}
