import { ERROR_TEXTS, bornInTheFuture, isCalendarDate, oldEnoughToJoin } from '@upright/contracts';

/** The sign-up fields of the date of birth (decision 0047); checked, never stored. */
export interface BirthFields {
  birth_year: number;
  birth_month: number;
  birth_day: number;
}

/**
 * Why a date of birth cannot join on `now` (the field and the text), or null when it can:
 * not a real day, in the future, or under 13 (docs/product/spec.md#s1, decision 0047).
 */
export function ageGateFailure(
  fields: BirthFields,
  now: Date,
): { field: keyof BirthFields; message: string } | null {
  const birth = { year: fields.birth_year, month: fields.birth_month, day: fields.birth_day };
  if (!isCalendarDate(birth)) {
    return { field: 'birth_day', message: 'birth_day must be a day of the month given' };
  }
  if (bornInTheFuture(birth, now)) {
    return { field: 'birth_year', message: 'birth_year must not be in the future' };
  }
  if (!oldEnoughToJoin(birth, now)) return { field: 'birth_year', message: ERROR_TEXTS.underage };
  return null;
}
