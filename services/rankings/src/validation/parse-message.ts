import { RpcException } from '@nestjs/microservices';
import {
  ISSUE_KEYS,
  PRIORITY_MAX,
  PRIORITY_MIN,
  SLUG_MAX_LENGTH,
  SLUG_PATTERN,
  type IssueKey,
  type RemoteErrorPayload,
} from '@upright/contracts';
import { z } from 'zod';

/**
 * Message payloads come from other processes: they are checked like any input, and a bad one
 * is answered with `validation_failed` naming the field, never with a crash.
 */
export function parseMessage<S extends z.ZodType>(schema: S, data: unknown): z.infer<S> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue.path.map(String).join('.');
  const error: RemoteErrorPayload = field
    ? { code: 'validation_failed', message: `${field} ${issue.message}`, field }
    : { code: 'validation_failed', message: issue.message };
  throw new RpcException(error);
}

export const slugSchema = z
  .string('must be a string')
  .max(SLUG_MAX_LENGTH, `must be at most ${SLUG_MAX_LENGTH} characters`)
  .regex(SLUG_PATTERN, 'must be a slug (lowercase letters, digits and single hyphens)');

export function wholeNumberFrom(min: number, max: number) {
  const rule = `must be a whole number from ${min} to ${max}`;
  return z.int(rule).min(min, rule).max(max, rule);
}

export const periodSchema = z.strictObject({
  period_year: wholeNumberFrom(2000, 2100),
  period_qrt: wholeNumberFrom(1, 4),
});

/** A member's priority values (decisions §4: integers 0–10), one per issue. */
export const memberValuesSchema = z.strictObject(
  Object.fromEntries(
    ISSUE_KEYS.map((key) => [key, wholeNumberFrom(PRIORITY_MIN, PRIORITY_MAX)]),
  ) as Record<IssueKey, z.ZodInt>,
);
