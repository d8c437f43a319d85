/**
 * Idempotent writes (decision 0050, IETF httpapi "The Idempotency-Key HTTP Header Field"):
 * a client names one user action with a key; every try of that action carries it, and the first
 * outcome is the answer to all of them.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** Marks an answer that repeats the first outcome of its key instead of doing the work again. */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';

/** How long a key's first outcome is kept: the draft asks for at least 24 hours. */
export const IDEMPOTENCY_KEY_TTL_SECONDS = 24 * 60 * 60;

export const IDEMPOTENCY_KEY_MAX_LENGTH = 128;

/** A request that may carry the key of the user action it belongs to. */
export type IdempotencyKeyed<T> = T & { idempotencyKey?: string };

/** The answers about a key itself (docs/product/rules.md#s3 bodies, field `Idempotency-Key`). */
export const IDEMPOTENCY_TEXTS = {
  inFlight:
    'A request with this Idempotency-Key is still being answered. Wait for its answer, then send it again with the same key.',
  reused: 'This Idempotency-Key was used for a different request. Use a new key for a new request.',
} as const;
