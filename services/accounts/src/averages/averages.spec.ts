import { AVERAGE_FIELDS, ISSUE_KEYS, type IssueKey } from '@upright/contracts';
import fc from 'fast-check';
import {
  averagesOf,
  crowdAverages,
  membersBand,
  sameAverages,
  shownMembers,
  TRIM_FRACTION,
  trimmedSums,
} from './averages';
import { countingAt, periodStart, STANDING_DAYS } from './period';

function sums(values: Partial<Record<IssueKey, number>>, fill = 0): Record<IssueKey, number> {
  return Object.fromEntries(ISSUE_KEYS.map((key) => [key, values[key] ?? fill])) as Record<
    IssueKey,
    number
  >;
}

describe('averages (docs/product/rules.md#s4)', () => {
  it('is 5 for every issue when no member is counted', () => {
    const averages = averagesOf({ count: 0, sums: sums({}) });
    expect(AVERAGE_FIELDS.map((field) => averages[field])).toEqual(AVERAGE_FIELDS.map(() => 5));
  });

  it('is 5 for every issue while fewer than the minimum of members count', () => {
    const few = averagesOf({ count: 2, sums: sums({ climate: 0, tax: 20 }) }, 3);
    expect(AVERAGE_FIELDS.map((field) => few[field])).toEqual(AVERAGE_FIELDS.map(() => 5));
    const enough = averagesOf({ count: 3, sums: sums({ climate: 0 }) }, 3);
    expect(enough.average_climate).toBe(0);
  });

  it('maps each issue to the average of its server priority', () => {
    const averages = averagesOf({ count: 2, sums: sums({ exec_pay: 7, pay_gap: 20 }, 10) });
    expect(averages.average_income_inequality).toBe(3.5);
    expect(averages.average_diverse_pay_equity).toBe(10);
    expect(averages.average_climate).toBe(5);
  });

  it('rounds half up to 2 decimals', () => {
    expect(averagesOf({ count: 3, sums: sums({ climate: 10 }) }).average_climate).toBe(3.33);
    expect(averagesOf({ count: 3, sums: sums({ climate: 20 }) }).average_climate).toBe(6.67);
    expect(averagesOf({ count: 8, sums: sums({ climate: 1 }) }).average_climate).toBe(0.13); // 0.125
    expect(averagesOf({ count: 400, sums: sums({ climate: 401 }) }).average_climate).toBe(1); // 1.0025
  });

  it('stays within 0–10 with at most 2 decimals for any members (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 10 }), { minLength: 1, maxLength: 500 }),
        (values) => {
          const total = values.reduce((a, b) => a + b, 0);
          const average = averagesOf({
            count: values.length,
            sums: sums({ tax: total }),
          }).average_tax;
          expect(average).toBeGreaterThanOrEqual(0);
          expect(average).toBeLessThanOrEqual(10);
          expect(Math.round(average * 100)).toBeCloseTo(average * 100, 9);
          expect(Math.abs(average - total / values.length)).toBeLessThanOrEqual(0.005 + 1e-9);
        },
      ),
    );
  });

  it('compares every field', () => {
    const a = averagesOf({ count: 1, sums: sums({}, 5) });
    expect(sameAverages(a, { ...a })).toBe(true);
    expect(sameAverages(a, { ...a, average_lobbying: 4.99 })).toBe(false);
  });
});

describe("the crowd's weights in the open", () => {
  const averages = averagesOf({ count: 1, sums: sums({}, 7) });
  const snapshot = (members: number, day: number) => ({
    published_at: new Date(Date.UTC(2026, 10, day)).toISOString(),
    members,
    averages,
  });
  const rule = (minMembers: number) => ({ minMembers, minChanges: 5 });

  it('counts members only from the minimum on', () => {
    expect(shownMembers(2, 3)).toBe(0);
    expect(shownMembers(3, 3)).toBe(3);
  });

  it('shows nothing while the latest publication counted fewer than the minimum', () => {
    const hidden = crowdAverages(snapshot(0, 3), [snapshot(12, 1)], rule(10), {
      counted: 3,
      inForce: null,
      rule: 'monthly',
    });
    expect(hidden).toEqual({
      shown: false,
      min_members: 10,
      min_changes: 5,
      averages: null,
      members: null,
      since: null,
      history: [],
      members_needed: 7,
      rule: 'monthly',
      in_force: null,
    });
    expect(
      crowdAverages(null, [], rule(10), { counted: 0, inForce: null, rule: 'immediate' }),
    ).toMatchObject({
      shown: false,
      members_needed: 10,
    });
  });

  it('shows the latest averages, their band of members and date, and the history above the minimum', () => {
    const latest = snapshot(23, 3);
    const inForce = { since: '2026-11-01T00:00:00.000Z', averages };
    const crowd = crowdAverages(latest, [snapshot(12, 1), snapshot(9, 2), latest], rule(12), {
      counted: 30,
      inForce,
      rule: 'monthly',
    });
    expect(crowd.members_needed).toBe(0);
    expect(crowd.in_force).toEqual(inForce);
    expect(crowd.shown).toBe(true);
    expect(crowd.min_changes).toBe(5);
    expect(crowd.members).toEqual({ from: 20, to: 29 });
    expect(crowd.since).toBe(latest.published_at);
    expect(crowd.averages).toEqual(averages);
    expect(crowd.history.map((entry) => entry.members)).toEqual([
      { from: 12, to: 19 },
      { from: 20, to: 29 },
    ]);
  });

  it('shows bands of ten, never the count, starting no lower than the minimum (decision 0043)', () => {
    expect(membersBand(40, 10)).toEqual({ from: 40, to: 49 });
    expect(membersBand(49, 10)).toEqual({ from: 40, to: 49 });
    expect(membersBand(50, 10)).toEqual({ from: 50, to: 59 });
    expect(membersBand(15, 15)).toEqual({ from: 15, to: 19 });
    expect(membersBand(1234, 10)).toEqual({ from: 1230, to: 1239 });
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100 }),
        fc.integer({ min: 0, max: 100_000 }),
        (min, n) => {
          fc.pre(n >= min);
          const band = membersBand(n, min);
          // Truthful: the count is in its band, and the band tells no more than ten apart.
          expect(band.from).toBeLessThanOrEqual(n);
          expect(band.to).toBeGreaterThanOrEqual(n);
          expect(band.to - band.from).toBeLessThanOrEqual(9);
          expect(band.from).toBeGreaterThanOrEqual(min);
        },
      ),
    );
  });
});

describe("visitors' weights a small group cannot swing (decision 0055)", () => {
  /** Members who each put `value` on every issue. */
  const members = (count: number, value: number) =>
    Array.from({ length: count }, () => ISSUE_KEYS.map(() => value));

  it('drops the lowest and highest tenth of each issue before the mean', () => {
    // 16 members at 5, two at 0 and two at 10: two dropped at each end.
    const crowd = [...members(16, 5), ...members(2, 0), ...members(2, 10)];
    const sums = trimmedSums(crowd, TRIM_FRACTION);
    expect(sums).toMatchObject({ count: 20, kept: 16 });
    expect(averagesOf(sums).average_climate).toBe(5);
    // Untrimmed, the same crowd is the plain mean of decision 0043.
    expect(trimmedSums(crowd, 0)).toMatchObject({ count: 20, kept: 20 });
  });

  it('lets a coalition of a tenth or less of the crowd move no weight', () => {
    const crowd = [...members(45, 4), ...members(5, 10)];
    expect(averagesOf(trimmedSums(crowd, TRIM_FRACTION)).average_tax).toBe(4);
    // One more and it weighs, by one value of the 41 kept.
    const larger = [...members(45, 4), ...members(6, 10)];
    expect(averagesOf(trimmedSums(larger, TRIM_FRACTION)).average_tax).toBe(4.15);
  });

  it('trims each issue on its own and drops nothing below ten members', () => {
    const crowd = [ISSUE_KEYS.map((_, i) => (i === 0 ? 10 : 0)), ...members(8, 2)];
    const sums = trimmedSums(crowd, TRIM_FRACTION);
    expect(sums.kept).toBe(9);
    expect(averagesOf(sums).average_climate).toBe(2.89);
  });

  it('applies the minimum to the members counted, not to those kept', () => {
    const sums = trimmedSums(members(10, 8), TRIM_FRACTION);
    expect(sums.kept).toBe(8);
    expect(averagesOf(sums, 10).average_climate).toBe(8);
    expect(averagesOf(trimmedSums(members(9, 8), TRIM_FRACTION), 10).average_climate).toBe(5);
  });

  it('stays between the lowest and highest kept value (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 10 }), { minLength: 1, maxLength: 200 }),
        (values) => {
          const average = averagesOf(
            trimmedSums(
              values.map((value) => ISSUE_KEYS.map(() => value)),
              TRIM_FRACTION,
            ),
          ).average_lobbying;
          const sorted = [...values].sort((a, b) => a - b);
          const dropped = Math.floor(values.length * TRIM_FRACTION);
          expect(average).toBeGreaterThanOrEqual(sorted[dropped]!);
          expect(average).toBeLessThanOrEqual(sorted[values.length - 1 - dropped]!);
        },
      ),
    );
  });

  it('counts verified members of 30 days and more under the monthly rule, everyone otherwise', () => {
    const now = new Date('2026-11-26T17:30:00Z');
    expect(countingAt('monthly', now)).toEqual({
      trim: TRIM_FRACTION,
      joinedBy: new Date('2026-10-27T17:30:00Z'),
    });
    expect(STANDING_DAYS).toBe(30);
    expect(countingAt('immediate', now)).toEqual({ trim: 0, joinedBy: null });
  });

  it('starts each period on the 1st of the month, 00:00 UTC', () => {
    expect(periodStart(new Date('2026-11-26T17:30:00Z')).toISOString()).toBe(
      '2026-11-01T00:00:00.000Z',
    );
    expect(periodStart(new Date('2026-12-01T00:00:00.000Z')).toISOString()).toBe(
      '2026-12-01T00:00:00.000Z',
    );
    expect(periodStart(new Date('2026-11-30T23:59:59.999Z')).toISOString()).toBe(
      '2026-11-01T00:00:00.000Z',
    );
    expect(periodStart(new Date('2027-01-01T00:30:00+01:00')).toISOString()).toBe(
      '2026-12-01T00:00:00.000Z',
    );
  });
});
