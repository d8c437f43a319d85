/** docs/product/spec.md#s1, #s5 and #s9: membership requires age 13 or older. */
export const MINIMUM_AGE = 13;

/** A day of the Gregorian calendar; `month` 1–12. */
export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

const HOUR_MS = 60 * 60 * 1000;
/** UTC−12, the last time zone to reach a date: once a date has begun there, it has everywhere. */
const LAST_ZONE_OFFSET_HOURS = -12;
/** UTC+14, the first time zone to reach a date: a date not begun there has begun nowhere. */
const FIRST_ZONE_OFFSET_HOURS = 14;

function calendarDateAt(now: Date, offsetHours: number): CalendarDate {
  const local = new Date(now.getTime() + offsetHours * HOUR_MS);
  return { year: local.getUTCFullYear(), month: local.getUTCMonth() + 1, day: local.getUTCDate() };
}

function compareDates(a: CalendarDate, b: CalendarDate): number {
  return a.year - b.year || a.month - b.month || a.day - b.day;
}

/** Whether the three numbers name a real day (not 30 February, not 29 February 2023). */
export function isCalendarDate({ year, month, day }: CalendarDate): boolean {
  if (![year, month, day].every(Number.isInteger)) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

/**
 * Completed years on `today`: one more on each birthday. Someone born on 29 February turns a
 * year older on 1 March in other years (never early).
 */
export function ageOn(birth: CalendarDate, today: CalendarDate): number {
  const birthdayNotYet =
    today.month < birth.month || (today.month === birth.month && today.day < birth.day);
  return today.year - birth.year - (birthdayNotYet ? 1 : 0);
}

/**
 * 13 or older, decided on the date of birth (decision 0047). The server does not know the
 * joiner's time zone, so "today" is the date in the last time zone (UTC−12): a member is
 * admitted once their 13th birthday has begun everywhere, never while it is still the day
 * before anywhere.
 */
export function oldEnoughToJoin(birth: CalendarDate, now: Date): boolean {
  return ageOn(birth, calendarDateAt(now, LAST_ZONE_OFFSET_HOURS)) >= MINIMUM_AGE;
}

/** Born on a date that has not begun anywhere yet: a typing mistake, not an age. */
export function bornInTheFuture(birth: CalendarDate, now: Date): boolean {
  return compareDates(birth, calendarDateAt(now, FIRST_ZONE_OFFSET_HOURS)) > 0;
}
