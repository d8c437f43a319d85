import { ageOn, bornInTheFuture, isCalendarDate, oldEnoughToJoin } from './membership-age';

describe('membership age (13 or older, decision 0047)', () => {
  const born = { year: 2013, month: 6, day: 15 };

  it('counts a year more on the birthday, not before', () => {
    expect(ageOn(born, { year: 2026, month: 6, day: 14 })).toBe(12);
    expect(ageOn(born, { year: 2026, month: 6, day: 15 })).toBe(13);
    expect(ageOn(born, { year: 2026, month: 5, day: 31 })).toBe(12);
    expect(ageOn(born, { year: 2026, month: 12, day: 31 })).toBe(13);
  });

  it('ages someone born on 29 February on 1 March in other years', () => {
    const leapling = { year: 2012, month: 2, day: 29 };
    expect(ageOn(leapling, { year: 2025, month: 2, day: 28 })).toBe(12);
    expect(ageOn(leapling, { year: 2025, month: 3, day: 1 })).toBe(13);
    expect(ageOn(leapling, { year: 2024, month: 2, day: 29 })).toBe(12);
  });

  it('refuses the day before the 13th birthday and admits on the day, wherever the joiner is', () => {
    // The birthday begins everywhere at 12:00 UTC on that date (UTC−12 reaches it last).
    expect(oldEnoughToJoin(born, new Date('2026-06-15T11:59:59Z'))).toBe(false);
    expect(oldEnoughToJoin(born, new Date('2026-06-15T12:00:00Z'))).toBe(true);
    expect(oldEnoughToJoin(born, new Date('2026-06-14T23:00:00Z'))).toBe(false);
    expect(oldEnoughToJoin(born, new Date('2026-06-16T00:00:00Z'))).toBe(true);
  });

  it('admits those born in the year that makes them 13 once the birthday is past (not next January)', () => {
    const now = new Date('2026-11-26T13:00:00Z');
    expect(oldEnoughToJoin({ year: 2013, month: 1, day: 1 }, now)).toBe(true);
    expect(oldEnoughToJoin({ year: 2013, month: 11, day: 26 }, now)).toBe(true);
    expect(oldEnoughToJoin({ year: 2013, month: 11, day: 27 }, now)).toBe(false);
    expect(oldEnoughToJoin({ year: 2013, month: 12, day: 31 }, now)).toBe(false);
  });

  it('knows real days from impossible ones', () => {
    expect(isCalendarDate({ year: 2012, month: 2, day: 29 })).toBe(true);
    expect(isCalendarDate({ year: 2023, month: 2, day: 29 })).toBe(false);
    expect(isCalendarDate({ year: 2000, month: 4, day: 31 })).toBe(false);
    expect(isCalendarDate({ year: 2000, month: 13, day: 1 })).toBe(false);
    expect(isCalendarDate({ year: 2000, month: 1, day: 1.5 })).toBe(false);
  });

  it('calls a date not begun in any time zone the future', () => {
    // UTC+14 is already on 27 November at 10:00 UTC on the 26th.
    const now = new Date('2026-11-26T10:00:00Z');
    expect(bornInTheFuture({ year: 2026, month: 11, day: 27 }, now)).toBe(false);
    expect(bornInTheFuture({ year: 2026, month: 11, day: 28 }, now)).toBe(true);
    expect(bornInTheFuture({ year: 1990, month: 1, day: 1 }, now)).toBe(false);
  });
});
