import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { PublicDataDomain } from '@upright/contracts';
import type { RankedSetOfAnswer } from './personal-ranks';
import type { PersonalTemplate } from './personal-template';

/** docs/product/rules.md#s11: JSON from 1 KB on is sent compressed. */
export const COMPRESS_FROM_BYTES = 1024;
/** Compressed once per data version, so a good ratio is worth a few milliseconds. */
const BROTLI_QUALITY = 6;
const GZIP_LEVEL = 6;

export type ContentCoding = 'br' | 'gzip' | 'identity';

/**
 * Which answers differ for a signed-in member with saved priorities (their personal ranks):
 * an industry's ranking, or a company page's ranks in its industry. Members get these
 * `private, no-store`, made for them from the kept visitor answer; visitors share the kept one.
 */
export type PersonalPart = 'industry-ranking' | 'company-ranks';

/** How a route's answers are kept: which data they come from, and what members see. */
export interface AnswerPolicy {
  domain: PublicDataDomain;
  personal: PersonalPart | false;
}

/**
 * A public answer kept as ready bytes: serialised once, compressed once
 * (docs/product/rules.md#s11).
 */
export interface Answer {
  readonly identity: Buffer;
  readonly br: Buffer | null;
  readonly gzip: Buffer | null;
  /** Content hash; the strong ETag of each coding is derived from it. */
  readonly hash: string;
  readonly contentType: string;
  /** 200, or 404 for the kept not-found page (one render per data version, record 0049). */
  readonly status: number;
  readonly policy: AnswerPolicy;
  /** Bytes held, for the cache's memory bound. */
  readonly size: number;
  /** Its own Cache-Control (static assets), instead of the public answers' one. */
  readonly cacheControl?: string;
  /** For `company-ranks`: the key of the industry answer the company is ranked in. */
  readonly industryKey?: string;
  /** What members' answers are made from, worked out on the first member's request. */
  readonly forMembers: {
    template?: PersonalTemplate;
    rankedSet?: RankedSetOfAnswer;
    /** The last members' answers by their values (a member reloading pays nothing). */
    recent?: Map<string, Buffer>;
  };
}

/**
 * What a `@PublicAnswer` route returns for an answer that is not JSON (an open-data CSV): kept
 * and sent as this text with this content type instead of being serialised.
 */
export class TextAnswerBody {
  constructor(
    readonly text: string,
    readonly contentType: string,
  ) {}
}

export function makeAnswer(
  body: string | Buffer,
  policy: AnswerPolicy,
  options: {
    contentType?: string;
    industryKey?: string;
    cacheControl?: string;
    /** false for bytes that are compressed already (images, fonts). */
    compressible?: boolean;
    status?: number;
  } = {},
): Answer {
  const identity = typeof body === 'string' ? Buffer.from(body) : body;
  const compress = options.compressible !== false && identity.length >= COMPRESS_FROM_BYTES;
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
    contentType: options.contentType ?? 'application/json; charset=utf-8',
    status: options.status ?? 200,
    policy,
    // A member's template and ranked set hold about the answer's size again.
    size: 2 * identity.length + (br?.length ?? 0) + (gzip?.length ?? 0),
    industryKey: options.industryKey,
    cacheControl: options.cacheControl,
    forMembers: {},
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
