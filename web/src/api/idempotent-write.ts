import { IDEMPOTENCY_KEY_HEADER, retryWaitMs } from '@upright/contracts';

/**
 * A key for one user action (decision 0050): a random UUID. `crypto.randomUUID` exists
 * only in secure contexts; `getRandomValues` everywhere, so a site served over plain HTTP still
 * sends keys.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Every write takes a key, except the search queries: reads sent as POST. */
export function takesIdempotencyKey(method: string, path: string): boolean {
  return method !== 'GET' && !path.includes('/_reactivesearch');
}

/**
 * Failures after which the write may or may not have been applied, so the same try (same key)
 * is sent once more: no answer at all (status 0), or a gateway or service that was away or slow.
 */
export function isWorthRetrying(status: number): boolean {
  return status === 0 || status === 502 || status === 503 || status === 504;
}

/**
 * The BFF answers 409 naming the key while an earlier try of it is still being answered (a replica
 * that died holds it until its deadline passes): waiting `Retry-After` and asking again gets the
 * first outcome. Never longer than this.
 */
export const IN_FLIGHT_WAIT_MAX_MS = 15_000;

export function inFlightWaitMs(
  status: number,
  field: string | null,
  retryAfter: string | null,
): number | null {
  if (status !== 409 || field !== IDEMPOTENCY_KEY_HEADER) return null;
  const seconds = Number(retryAfter);
  return Number.isFinite(seconds) && seconds > 0
    ? Math.min(seconds * 1000, IN_FLIGHT_WAIT_MAX_MS)
    : 1000;
}

/** Longer waits (a store outage's 15 s) are the visitor's to retry, from the error state. */
const BUSY_WAIT_MAX_SECONDS = 5;

/**
 * A request the BFF shed under load (503 with a short `Retry-After`, decision 0049): asked once
 * more after that wait and a random part of it (`retryWaitMs`, decision 0069), instead of showing
 * an error for a one-second crowd. Null: not such a refusal.
 */
export function busyWaitMs(status: number, retryAfter: string | null): number | null {
  const seconds = Number(retryAfter);
  if (status !== 503 || retryAfter === null || !(seconds > 0)) return null;
  return seconds <= BUSY_WAIT_MAX_SECONDS ? retryWaitMs(seconds) : null;
}
