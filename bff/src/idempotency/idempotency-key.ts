import { RequestMethod } from '@nestjs/common';
import { HTTP_CODE_METADATA } from '@nestjs/common/constants';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_MAX_LENGTH } from '@upright/contracts';
import { createHash } from 'node:crypto';
import { ANSWER_POLICY } from '../answer-cache/public-answer.decorator';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The routes that take `Idempotency-Key` (decision record 0050): every state-changing method,
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

/** One JSON text per value, whatever the order of its objects' fields. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value)
      .filter(([, field]) => field !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([name, field]) => `${JSON.stringify(name)}:${canonicalJson(field)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export interface KeyedRequest {
  /** Whose key it is: a member's uid, or every visitor's one space. */
  caller: string;
  key: string;
  method: string;
  /** The path and query as sent. */
  url: string;
  body: unknown;
}

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/**
 * What a key names: `scope` (a caller's key, under which its first outcome is kept), the
 * `fingerprint` of the request (a try with another one is a 422), and the `digest` that travels
 * to the service and into queue job ids — the same only for the same caller, key and request.
 */
export function keyedRequest(request: KeyedRequest): {
  scope: string;
  fingerprint: string;
  digest: string;
} {
  const scope = `${request.caller}\n${request.key}`;
  const fingerprint = sha256(
    `${request.method.toUpperCase()} ${request.url}\n${canonicalJson(request.body)}`,
  );
  return { scope, fingerprint, digest: sha256(`request\n${scope}\n${fingerprint}`) };
}

/** The header as `/api/openapi.json` describes it on each write that takes it. */
export const idempotencyKeyParameter = {
  name: IDEMPOTENCY_KEY_HEADER,
  in: 'header' as const,
  required: false,
  description:
    'Names one user action (a UUID per action; IETF httpapi Idempotency-Key draft). Every try of the action sends the same key: the first outcome is kept 24 hours and answered again to the same caller for the same request, with `Idempotent-Replayed: true`. The same key with another request is a 422; a try while the first is still being answered is a 409 with `Retry-After`. Up to 128 visible ASCII characters, bare or as a quoted string.',
  schema: { type: 'string', minLength: 1, maxLength: IDEMPOTENCY_KEY_MAX_LENGTH },
};
