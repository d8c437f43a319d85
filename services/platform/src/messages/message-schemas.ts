import { SLUG_MAX_LENGTH, SLUG_PATTERN } from '@upright/contracts';
import { z } from 'zod';

/**
 * Field rules shared by the services' message schemas. Their messages complete "<field> …", as
 * parseMessage prefixes the field.
 */
export function wholeNumberFrom(min: number, max: number) {
  const rule = `must be a whole number from ${min} to ${max}`;
  return z.int(rule).min(min, rule).max(max, rule);
}

/** An industry (or other) slug as the contracts define it. */
export const slugSchema = z
  .string('must be a string')
  .max(SLUG_MAX_LENGTH, `must be at most ${SLUG_MAX_LENGTH} characters`)
  .regex(SLUG_PATTERN, 'must be a slug (lowercase letters, digits and single hyphens)');
