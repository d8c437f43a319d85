import { AVERAGE_FIELD_OF_ISSUE, ISSUES, type IssueKey } from '@upright/contracts';
import fc from 'fast-check';
import type { PrioritySums, ReleaseRule } from './averages';
import { recomputation, type Release } from './release';

/** A member's nine priorities, in the order of ISSUES (as `averages_released` keeps them). */
type Priorities = readonly number[];
/** The weighted members after one saved change: uid → priorities. */
type Crowd = ReadonlyMap<string, Priorities>;

function sumsOf(crowd: Crowd): PrioritySums {
  const sums = Object.fromEntries(
    ISSUES.map((issue, i) => [issue.key, [...crowd.values()].reduce((sum, p) => sum + p[i]!, 0)]),
  ) as Record<IssueKey, number>;
  return { count: crowd.size, sums };
}

/** What the repository's CHANGED_SQL counts: members joined, left or with other priorities. */
function changedBetween(released: Crowd, now: Crowd): number {
  const uids = new Set([...released.keys(), ...now.keys()]);
  return [...uids].filter((uid) => released.get(uid)?.join() !== now.get(uid)?.join()).length;
}

/**
 * Every publication visitors see, in order, as the crowd goes through `states` (one per saved
 * change) — with the exact member count, the worst case: the bands only add to the protection —
 * and the crowd each one counted.
 */
function publications(
  states: readonly Crowd[],
  rule: ReleaseRule,
): Array<{ release: Release; crowd: Crowd }> {
  let released: Crowd = new Map();
  const shown: Array<{ release: Release; crowd: Crowd }> = [];
  for (const state of states) {
    const { release } = recomputation(sumsOf(state), changedBetween(released, state), rule);
    if (release !== null) {
      released = state;
      shown.push({ release, crowd: state });
    }
  }
  return shown;
}

const published = (states: readonly Crowd[], rule: ReleaseRule): Release[] =>
  publications(states, rule).map(({ release }) => release);

/** The crowd growing one member at a time: member i is `m${i}`. */
function joining(start: Crowd, newcomers: readonly Priorities[], first = start.size): Crowd[] {
  const states: Crowd[] = [];
  let crowd = new Map(start);
  newcomers.forEach((priorities, i) => {
    crowd = new Map(crowd).set(`m${first + i}`, priorities);
    states.push(crowd);
  });
  return states;
}

/**
 * The differencing attack (decision 0043): when two consecutive publications are one member apart,
 * that member's priorities are the difference of the sums (exact while the 2-decimal averages
 * of fewer than 100 members pin each sum to one integer).
 */
function derived(before: Release, after: Release): number[] | null {
  if (after.members !== before.members + 1) return null;
  return ISSUES.map((issue) => {
    const field = AVERAGE_FIELD_OF_ISSUE[issue.key];
    const sum = (release: Release) => release.averages[field] * release.members;
    return Math.round(sum(after) - sum(before)) + 0; // + 0: no -0
  });
}

const priorities = fc.array(fc.integer({ min: 0, max: 10 }), {
  minLength: ISSUES.length,
  maxLength: ISSUES.length,
});

describe('releasing the averages (decision 0043)', () => {
  it('releases once at least the minimum of members changed, with averages and count', () => {
    const rule = { minMembers: 2, minChanges: 3 };
    const crowd = joining(new Map(), [Array(9).fill(2), Array(9).fill(4)]).at(-1)!;
    expect(recomputation(sumsOf(crowd), 2, rule)).toEqual({
      averages: expect.objectContaining({ average_climate: 3, average_tax: 3 }),
      members: 2,
      release: null,
    });
    const released = recomputation(sumsOf(crowd), 3, rule);
    expect(released.release).toEqual({ averages: released.averages, members: 2 });
  });

  it('is the attack when every change is published, as it was before decision 0043', () => {
    const before = joining(
      new Map(),
      Array.from({ length: 20 }, (_, i) => Array(9).fill(i % 11)),
    );
    const newcomer = [0, 10, 3, 7, 5, 2, 9, 1, 4];
    const states = [...before, joining(before.at(-1)!, [newcomer])[0]!];
    const shown = published(states, { minMembers: 10, minChanges: 1 });
    expect(derived(shown.at(-2)!, shown.at(-1)!)).toEqual(newcomer);
  });

  it('never lets one newcomer be read from consecutive publications (property, n = 1…60)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 60 }).chain((n) =>
          fc.record({
            crowd: fc.array(priorities, { minLength: n, maxLength: n }),
            newcomer: priorities,
            other: priorities,
            minMembers: fc.integer({ min: 1, max: n + 1 }),
            minChanges: fc.integer({ min: 2, max: 20 }),
          }),
        ),
        ({ crowd, newcomer, other, minMembers, minChanges }) => {
          const rule = { minMembers, minChanges };
          // The crowd joined one by one (releases wherever the rule put them), then the newcomer.
          const before = joining(new Map(), crowd);
          const after = [...before, ...joining(before.at(-1)!, [newcomer])];
          const shown = publications(after, rule);
          for (let i = 1; i < shown.length; i++) {
            // Never one member apart: the attack finds nothing, and the crowds counted by two
            // consecutive publications differ by at least the minimum of members.
            expect(derived(shown[i - 1]!.release, shown[i]!.release)).toBeNull();
            expect(changedBetween(shown[i - 1]!.crowd, shown[i]!.crowd)).toBeGreaterThanOrEqual(
              minChanges,
            );
          }
          // Right after a publication the newcomer alone publishes nothing, whatever they chose.
          const all = [before.at(-1)!];
          if (published(all, rule).length === 1) {
            const alone = (p: Priorities) => published([...all, ...joining(all[0]!, [p])], rule);
            expect(alone(newcomer)).toEqual(published(all, rule));
            expect(alone(other)).toEqual(alone(newcomer));
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('shows k joiners only as their sum: any split of it publishes the same (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 10 }).chain((k) =>
          fc.record({
            crowd: fc.array(priorities, { minLength: k, maxLength: 60 }),
            joiners: fc.array(priorities, { minLength: k, maxLength: k }),
            k: fc.constant(k),
            issue: fc.integer({ min: 0, max: ISSUES.length - 1 }),
            other: fc.integer({ min: 1, max: k - 1 }),
            shift: fc.integer({ min: -10, max: 10 }),
          }),
        ),
        ({ crowd, joiners, k, issue, other, shift }) => {
          // The newcomer (first joiner) had `shift` more on one issue, another joiner that less.
          const moved = joiners.map((p) => [...p]);
          moved[0]![issue]! += shift;
          moved[other]![issue]! -= shift;
          fc.pre([moved[0]![issue]!, moved[other]![issue]!].every((v) => v >= 0 && v <= 10));
          const rule = { minMembers: 1, minChanges: k };
          // The crowd is published, then k members join: one release, and it counts them all.
          const all = joining(new Map(), crowd).at(-1)!;
          const seen = (batch: Priorities[]) => published([all, ...joining(all, batch)], rule);
          expect(seen(joiners)).toHaveLength(2);
          expect(seen(moved)).toEqual(seen(joiners));
        },
      ),
      { numRuns: 300 },
    );
  });
});
