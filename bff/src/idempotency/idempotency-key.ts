import { RequestMethod } from '@nestjs/common';
import { HTTP_CODE_METADATA } from '@nestjs/common/constants';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_MAX_LENGTH } from '@upright/contracts';
import { createHash, createHmac } from 'node:crypto';
import { ANSWER_POLICY } from '../shared/public-answer.decorator';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The routes that take `Idempotency-Key` (decision 0050): every state-changing method,
 * except the `@PublicAnswer` POSTs (ReactiveSearch queries), which are reads sent as POST.
 */
export function acceptsIdempotencyKey(method: string, handler: object): boolean {
  return (
    WRITES.has(method.toUpperCase()) && Reflect.getMetadata(ANSWER_POLICY, handler) === undefined
  );
}

/** The status of a route's success answer: its `@HttpCode`, or Nest's default for the method. */
export function successStatusOf(method: string, handler: object): number {
  const declared = Reflect.getMetadata(HTTP_CODE_METADATA, handler) as number | undefined;
  return declared ?? (method.toUpperCase() === RequestMethod[RequestMethod.POST] ? 201 : 200);
}

/**
 * One JSON text per value, whatever the order of its objects' fields. A body of bytes (an
 * upload's chunk, decision 0077) is named by its SHA-256: spelling out megabytes index by index
 * would cost more than the write.
 */
export function canonicalJson(value: unknown): string {
  if (value instanceof Uint8Array) {
    return JSON.stringify(`sha256:${createHash('sha256').update(value).digest('hex')}`);
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value)
      .filter(([, field]) => field !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([name, field]) => `${JSON.stringify(name)}:${canonicalJson(field)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/**
 * The server secret of every stored fingerprint, scope and digest: derived from the session
 * cookie key as the CSRF key is, so one configured secret serves all three and every replica
 * derives the same one. Redis never holds it, so what Redis holds of a request (a sign-in's
 * email and password included) cannot be tested offline.
 */
export function idempotencySecret(sessionCookieKey: Buffer): Buffer {
  return createHmac('sha256', sessionCookieKey).update('upright idempotency v1').digest();
}

export interface KeyedRequest {
  /**
   * Who sends it, as the request itself says: its session credential (the bearer token, or the
   * one sealed in the session cookie), or null for a visitor. Not the member a guard resolved:
   * an optional guard answers "visitor" while accounts cannot be asked, and a retry resolved
   * otherwise must still name the same action (the doubled contact mail of decision 0071).
   */
  credential: string | null;
  key: string;
  method: string;
  /** The path and query as sent. */
  url: string;
  body: unknown;
}

/**
 * What a key names, each a MAC under the server secret (decision 0071): `scope` (a caller's key,
 * under which its first outcome is kept), the `fingerprint` of the request (a try with another
 * one is a 422), and the `digest` that travels to the service and into queue job ids — the same
 * only for the same caller, key and request.
 */
export function keyedRequest(
  secret: Buffer,
  request: KeyedRequest,
): { scope: string; fingerprint: string; digest: string } {
  const mac = (text: string) => createHmac('sha256', secret).update(text).digest('hex');
  const caller = request.credential === null ? 'visitor' : `session\n${request.credential}`;
  const scope = mac(`scope\n${caller}\n${request.key}`);
  const fingerprint = mac(
    `fingerprint\n${request.method.toUpperCase()} ${request.url}\n${canonicalJson(request.body)}`,
  );
  return { scope, fingerprint, digest: mac(`request\n${scope}\n${fingerprint}`) };
}

/** The header as `/api/openapi.json` describes it on each write that takes it. */
export const idempotencyKeyParameter = {
  name: IDEMPOTENCY_KEY_HEADER,
  in: 'header' as const,
  required: false,
  description:
    'Names one user action (a UUID per action; IETF httpapi Idempotency-Key draft). Every try of the action sends the same key: the first outcome of a write that took effect is kept 24 hours and answered again to the same caller for the same request, with `Idempotent-Replayed: true`; an answer that changed nothing (a 4xx, a sign-out without a session) is not kept, and a try again is answered afresh. The same key with another request is a 422; a try while the first is still being answered is a 409 with `Retry-After`. Up to 128 visible ASCII characters, bare or as a quoted string.',
  schema: { type: 'string', minLength: 1, maxLength: IDEMPOTENCY_KEY_MAX_LENGTH },
};
