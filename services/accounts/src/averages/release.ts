import type { Averages } from '@upright/contracts';
import { averagesOf, shownMembers, type PrioritySums, type ReleaseRule } from './averages';

/** Averages let out for publication, with the members they count (0 below the minimum). */
export interface Release {
  averages: Averages;
  members: number;
}

/** The current averages and members (stored at every change), and what of them is released. */
export interface Recomputed extends Release {
  release: Release | null;
}

/**
 * Decision 0043: averages are recomputed at every change (docs/product/rules.md#s4) but released
 * only when at least `minChanges` members joined, left or changed their priorities since the last
 * release (`changed`, counted by member, however often each saved). Two consecutive publications
 * then differ by the sum of at least that many members' changes, never by one member's
 * priorities. Anything less stays unreleased, however long: a release on a timer would publish a
 * lone newcomer on a quiet day.
 */
export function recomputation(sums: PrioritySums, changed: number, rule: ReleaseRule): Recomputed {
  const averages = averagesOf(sums, rule.minMembers);
  const members = shownMembers(sums.count, rule.minMembers);
  return { averages, members, release: changed >= rule.minChanges ? { averages, members } : null };
}
