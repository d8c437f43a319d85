import {
  AVERAGE_FIELD_OF_ISSUE,
  ISSUES,
  PRIORITY_DEFAULT,
  type Averages,
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
