/** docs/product/spec.md#s1 and #s9: membership requires age 13 or older. */
export const MINIMUM_AGE = 13;

/**
 * The neutral birth-year question (docs/product/rules.md#s8) knows the year only. Someone born in
 * year Y is, during year T, either T − Y − 1 or T − Y years old; only T − Y − 1 ≥ 13 proves the
 * age, so a member born in the year that turned 13 this year waits until next January. No child
 * under 13 is ever admitted. The year is checked, never stored.
 */
export function oldEnough(birthYear: number, today: Date): boolean {
  return today.getUTCFullYear() - birthYear - 1 >= MINIMUM_AGE;
}

/** A birth year in the future (or today's) is a typing mistake, not an age. */
export function plausibleBirthYear(birthYear: number, today: Date): boolean {
  return birthYear <= today.getUTCFullYear();
}
