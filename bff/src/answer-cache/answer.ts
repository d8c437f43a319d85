import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { PublicDataDomain } from '@upright/contracts';

/** Decisions §11: JSON from 1 KB on is sent compressed. */
export const COMPRESS_FROM_BYTES = 1024;
/** Compressed once per data version, so a good ratio is worth a few milliseconds. */
const BROTLI_QUALITY = 6;
const GZIP_LEVEL = 6;

export type ContentCoding = 'br' | 'gzip' | 'identity';

/** How a route's answers are kept: which data they come from, and whether members see others. */
export interface AnswerPolicy {
  domain: PublicDataDomain;
  /**
   * The answer differs for a signed-in member (personal ranks): members get it `private,
   * no-store` and made for them; visitors share the kept one.
   */
  personal: boolean;
}

/** A public answer kept as ready bytes: serialised once, compressed once (decisions §11). */
export interface Answer {
  readonly identity: Buffer;
  readonly br: Buffer | null;
  readonly gzip: Buffer | null;
  /** Content hash; the strong ETag of each coding is derived from it. */
  readonly hash: string;
  readonly contentType: string;
  readonly policy: AnswerPolicy;
  /** Bytes held, for the cache's memory bound. */
  readonly size: number;
}

export function makeAnswer(
  body: string | Buffer,
  policy: AnswerPolicy,
  contentType = 'application/json; charset=utf-8',
): Answer {
  const identity = typeof body === 'string' ? Buffer.from(body) : body;
  const compress = identity.length >= COMPRESS_FROM_BYTES;
  const br = compress
    ? brotliCompressSync(identity, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
        },
      })
    : null;
  const gzip = compress ? gzipSync(identity, { level: GZIP_LEVEL }) : null;
  return {
    identity,
    br,
    gzip,
    hash: createHash('sha1').update(identity).digest('base64url'),
    contentType,
    policy,
    size: identity.length + (br?.length ?? 0) + (gzip?.length ?? 0),
  };
}

/** The bytes and the strong ETag of one coding (a coding is its own representation). */
export function representation(
  answer: Answer,
  coding: ContentCoding,
): { body: Buffer; etag: string; coding: ContentCoding } {
  if (coding === 'br' && answer.br) return { body: answer.br, etag: `"${answer.hash}-br"`, coding };
  if (coding === 'gzip' && answer.gzip) {
    return { body: answer.gzip, etag: `"${answer.hash}-gz"`, coding };
  }
  return { body: answer.identity, etag: `"${answer.hash}"`, coding: 'identity' };
}
