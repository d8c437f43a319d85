/** Per-request deadlines. A request always carries an absolute deadline (epoch ms). */

export const DEFAULT_DEADLINE_MS = 5000;
/** Upper bound so a typo (seconds vs. ms × 1000) cannot park a request for days. */
export const MAX_DEADLINE_MS = 10 * 60 * 1000;

const ENVELOPE = Symbol('upright.transport.deadline');

/** Data wrapped with a per-call deadline; the client unwraps it before sending. */
export interface WithDeadline<T> {
  readonly [ENVELOPE]: true;
  readonly data: T;
  readonly deadlineMs: number;
}

/**
 * Overrides the client's default deadline for one call:
 * `client.send('rankings.x', withDeadline({ id }, 2000))`.
 */
export function withDeadline<T>(data: T, deadlineMs: number): WithDeadline<T> {
  return { [ENVELOPE]: true, data, deadlineMs: validateDeadlineMs(deadlineMs) };
}

export function isWithDeadline(value: unknown): value is WithDeadline<unknown> {
  return typeof value === 'object' && value !== null && ENVELOPE in value;
}

export function validateDeadlineMs(deadlineMs: number): number {
  if (!Number.isFinite(deadlineMs) || deadlineMs <= 0 || deadlineMs > MAX_DEADLINE_MS) {
    throw new RangeError(`Deadline must be between 1 and ${MAX_DEADLINE_MS} ms, got ${deadlineMs}`);
  }
  return Math.ceil(deadlineMs);
}

/** Splits what was passed to `send()` into the payload and the deadline that applies to it. */
export function unwrapDeadline(
  value: unknown,
  defaultDeadlineMs: number,
): { data: unknown; deadlineMs: number } {
  if (isWithDeadline(value)) return { data: value.data, deadlineMs: value.deadlineMs };
  return { data: value, deadlineMs: defaultDeadlineMs };
}

export function absoluteDeadline(now: number, deadlineMs: number): number {
  return now + deadlineMs;
}

export function remainingMs(deadline: number, now: number): number {
  return Math.max(0, deadline - now);
}

/** The deadline instant itself counts as expired: the client has already given up by then. */
export function isExpired(deadline: number, now: number): boolean {
  return now >= deadline;
}
