import {
  AVERAGE_FIELD_OF_ISSUE,
  ISSUES,
  PRIORITY_DEFAULT,
  type Averages,
  type CrowdAverages,
  type CrowdSnapshot,
  type IssueKey,
  type MembersBand,
} from '@upright/contracts';

/** Sums of each issue's server value over the counted members, and how many were counted. */
export interface PrioritySums {
  count: number;
  sums: Readonly<Record<IssueKey, number>>;
  /**
   * How many members' values each sum holds once the extremes are dropped (decision 0055's
   * trimmed mean); `count` when nothing is dropped.
   */
  kept?: number;
}

/** Decision 0055: each end of every issue's sorted priorities dropped before the mean. */
export const TRIM_FRACTION = 0.1;

/**
 * Sums of the members' priorities (each in the order of ISSUES) with the lowest and highest
 * ⌊fraction·n⌋ values of every issue dropped: the same number on each issue, so one `kept`.
 */
export function trimmedSums(
  priorities: readonly (readonly number[])[],
  fraction: number,
): PrioritySums {
  const count = priorities.length;
  const dropped = Math.floor(count * fraction);
  const sums = Object.fromEntries(
    ISSUES.map((issue, i) => {
      const sorted = priorities.map((values) => values[i]!).sort((a, b) => a - b);
      const kept = sorted.slice(dropped, count - dropped);
      return [issue.key, kept.reduce((total, value) => total + value, 0)];
    }),
  ) as Record<IssueKey, number>;
  return { count, sums, kept: count - 2 * dropped };
}

/** 5 for every issue: the averages of nobody, and what visitors get before any publication. */
export const DEFAULT_AVERAGES: Averages = Object.freeze(
  Object.fromEntries(
    ISSUES.map((issue) => [AVERAGE_FIELD_OF_ISSUE[issue.key], PRIORITY_DEFAULT]),
  ) as Averages,
);

/**
 * docs/product/rules.md#s4: each average is the mean of `value_<x>` over weighted, not discontinued
 * members, rounded half up to 2 decimals; 5 for every issue until `minMembers` count (decision
 * 0020: the averages of one or two members would be their priorities). Computed in integers
 * (hundredths), so no float drift: sum·100/count rounded is ⌊(200·sum + count) / 2count⌋.
 * With trimmed sums (decision 0055) the minimum applies to the members counted, the mean to
 * those kept.
 */
export function averagesOf({ count, sums, kept = count }: PrioritySums, minMembers = 1): Averages {
  if (count === 0 || count < minMembers) return DEFAULT_AVERAGES;
  return Object.fromEntries(
    ISSUES.map((issue) => {
      const sum = sums[issue.key];
      const hundredths = Math.floor((200 * sum + kept) / (2 * kept));
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

/** One publication as `averages_snapshots` keeps it: with the exact count, never shown. */
export interface KeptSnapshot {
  published_at: string;
  members: number;
  averages: Averages;
}

/** How many members are shown: bands this wide ("40–49"), never the count (decision 0043). */
export const MEMBERS_BAND_WIDTH = 10;

/** The band `members` falls in, starting no lower than the minimum that shows it. */
export function membersBand(members: number, minMembers: number): MembersBand {
  const from = members - (members % MEMBERS_BAND_WIDTH);
  return { from: Math.max(from, minMembers), to: from + MEMBERS_BAND_WIDTH - 1 };
}

/** A kept publication as visitors see it. */
export function shownSnapshot(kept: KeptSnapshot, minMembers: number): CrowdSnapshot {
  return {
    published_at: kept.published_at,
    members: membersBand(kept.members, minMembers),
    averages: kept.averages,
  };
}

/** When recomputed averages may go out to visitors (decision 0043). */
export interface ReleaseRule {
  /** AVERAGES_MIN_MEMBERS: the defaults, and no count, below it (decision 0020). */
  minMembers: number;
  /** AVERAGES_MIN_CHANGES: members that must differ from the last release. */
  minChanges: number;
}

/** What counts now besides the publications: how many members, and the weights in force. */
export interface CrowdNow {
  counted: number;
  inForce: CrowdAverages['in_force'];
  rule: CrowdAverages['rule'];
}

/**
 * `GET /api/averages/history`: the latest publication and the history, or nothing
 * while the latest publication counted fewer than `minMembers` (decision 0020), whatever was
 * shown before; with the members still needed and the weights in force (0055).
 */
export function crowdAverages(
  latest: KeptSnapshot | null,
  history: readonly KeptSnapshot[],
  { minMembers, minChanges }: ReleaseRule,
  { counted, inForce, rule }: CrowdNow,
): CrowdAverages {
  const now = {
    members_needed: Math.max(0, minMembers - counted),
    rule,
    in_force: inForce,
  };
  if (latest === null || latest.members < minMembers) {
    return {
      shown: false,
      min_members: minMembers,
      min_changes: minChanges,
      averages: null,
      members: null,
      since: null,
      history: [],
      ...now,
    };
  }
  return {
    shown: true,
    min_members: minMembers,
    min_changes: minChanges,
    averages: latest.averages,
    members: membersBand(latest.members, minMembers),
    since: latest.published_at,
    history: history
      .filter((snapshot) => snapshot.members >= minMembers)
      .map((snapshot) => shownSnapshot(snapshot, minMembers)),
    ...now,
  };
}
