import type { OutgoingHttpHeaders } from 'node:http';
import { representation, type Answer, type ContentCoding } from './answer';

/** `Cache-Control` of answers that depend on who asks (docs/product/rules.md#s11). */
export const PRIVATE_CACHE_CONTROL = 'private, no-store';

/** Vary of every kept answer, and of those that also depend on the member. */
const VARY_CODING = 'Accept-Encoding';
const VARY_MEMBER = 'Accept-Encoding, Cookie, Authorization';

/** Header values of a public answer for one max-age (short: a CDN in front may keep it). */
export function publicCacheControl(maxAgeSeconds: number): string {
  return `public, max-age=${maxAgeSeconds}, stale-while-revalidate=${maxAgeSeconds * 6}`;
}

/**
 * The headers of one representation of a kept answer: the same whether the fast path or the
 * Nest route sends it, so the first and the thousandth visitor get the same answer.
 */
export function answerHeaders(
  answer: Answer,
  coding: ContentCoding,
  cacheControl: string,
): { body: Buffer; headers: OutgoingHttpHeaders } {
  const chosen = representation(answer, coding);
  const headers: OutgoingHttpHeaders = {
    'content-type': answer.contentType,
    etag: chosen.etag,
    'cache-control': cacheControl,
    vary: answer.policy.personal ? VARY_MEMBER : VARY_CODING,
  };
  if (chosen.coding !== 'identity') headers['content-encoding'] = chosen.coding;
  return { body: chosen.body, headers };
}

/** Headers of an answer made for one member (never kept by anyone, never revalidated). */
export function memberHeaders(answer: Answer, coding: ContentCoding): OutgoingHttpHeaders {
  const headers: OutgoingHttpHeaders = {
    'content-type': answer.contentType,
    'cache-control': PRIVATE_CACHE_CONTROL,
    vary: VARY_MEMBER,
  };
  if (coding !== 'identity') headers['content-encoding'] = coding;
  return headers;
}
