import { z } from 'zod';
import { IDEMPOTENCY_KEY_MAX_LENGTH } from './idempotency';

/**
 * The header's value: a Structured Field string (`"…"`, as the draft writes it) or the same
 * characters bare, as most clients send it. Visible ASCII without quotes or backslashes, so it
 * never needs escaping; a UUID fits.
 */
export const idempotencyKeyHeaderSchema = z
  .string()
  .transform((value) => value.trim().replace(/^"(.*)"$/, '$1'))
  .pipe(
    z
      .string()
      .min(1, 'must not be empty')
      .max(IDEMPOTENCY_KEY_MAX_LENGTH, `must be at most ${IDEMPOTENCY_KEY_MAX_LENGTH} characters`)
      .regex(/^[\x21\x23-\x5b\x5d-\x7e]+$/, 'must be visible ASCII characters without " or \\'),
  );

/**
 * What travels to a service and into queue job ids (`IDEMPOTENCY_KEY_FIELD` of a request): the
 * BFF's digest of the caller, the key and the request, never the client's key itself. Hex, so a
 * BullMQ job id can hold it (no ":").
 */
export const idempotencyKeyFieldSchema = z
  .string()
  .regex(/^[0-9a-f]{64}$/, 'must be a request digest');

/** For a message schema that refuses unknown fields: the key a write may carry. */
export const idempotencyKeyShape = { idempotencyKey: idempotencyKeyFieldSchema.optional() };
