/** Quarters and the dates inside them, shared by every part of a generated set. */

export interface Period {
  year: number;
  qrt: number;
}

/**
 * Every date in a set (updates, sources, publications) falls at most this many days after the
 * end of its quarter, so nothing is dated after the latest quarter's end + 50 days (2026-11-19).
 */
export const MAX_DAYS_AFTER_QUARTER = 50;

export function periodsEndingAt(latest: Period, count: number): Period[] {
  const periods: Period[] = [];
  let { year, qrt } = latest;
  for (let i = 0; i < count; i++) {
    periods.unshift({ year, qrt });
    qrt -= 1;
    if (qrt === 0) [year, qrt] = [year - 1, 4];
  }
  return periods;
}

export function quarterEnd({ year, qrt }: Period): Date {
  return new Date(Date.UTC(year, qrt * 3, 0));
}

export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * 86_400_000);
}

export function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}
