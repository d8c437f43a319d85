import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { AnswerPolicy } from '../shared/public-answer.decorator';
import type { RankedSetOfAnswer } from './personal-ranks';
import type { PersonalTemplate } from './personal-template';

/** docs/product/rules.md#s11: JSON from 1 KB on is sent compressed. */
export const COMPRESS_FROM_BYTES = 1024;
/** Compressed at most once per coding and data version, so a good ratio is worth a few ms. */
const BROTLI_QUALITY = 6;
const GZIP_LEVEL = 6;

export type ContentCoding = 'br' | 'gzip' | 'identity';

/**
 * A public answer kept as ready bytes: serialised once, and compressed in a coding only when it
 * is first asked in that coding, then kept (docs/product/rules.md#s11). Many answers are asked
 * once (a search prefix nobody typed before): compressing them in every coding when they are
 * made would spend the miss path's time on bytes nobody reads.
 */
export interface Answer {
  readonly identity: Buffer;
  /** false below 1 KB and for bytes that are compressed already: sent as they are. */
  readonly compressible: boolean;
  /** The codings compressed so far (see `representation`). */
  readonly compressed: { br?: Buffer; gzip?: Buffer };
  /** Content hash; the strong ETag of each coding is derived from it. */
  readonly hash: string;
  readonly contentType: string;
  /** 200, or 404 for the kept not-found page (one render per data version, decision 0049). */
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
  const compressible = options.compressible !== false && identity.length >= COMPRESS_FROM_BYTES;
  return {
    identity,
    compressible,
    compressed: {},
    hash: createHash('sha1').update(identity).digest('base64url'),
    contentType: options.contentType ?? 'application/json; charset=utf-8',
    status: options.status ?? 200,
    policy,
    // A member's template and ranked set hold about the answer's size again; the two compressed
    // codings, made later, are reserved the answer's size together (JSON shrinks far below half).
    size: (compressible ? 3 : 2) * identity.length,
    industryKey: options.industryKey,
    cacheControl: options.cacheControl,
    forMembers: {},
  };
}

function compress(identity: Buffer, coding: 'br' | 'gzip'): Buffer {
  if (coding === 'gzip') return gzipSync(identity, { level: GZIP_LEVEL });
  return brotliCompressSync(identity, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
    },
  });
}

const ETAG_SUFFIX = { br: '-br', gzip: '-gz' } as const;

/**
 * The bytes and the strong ETag of one coding (a coding is its own representation); the first
 * request in a coding compresses the answer in it, and the bytes are kept for the next ones.
 */
export function representation(
  answer: Answer,
  coding: ContentCoding,
): { body: Buffer; etag: string; coding: ContentCoding } {
  if (coding === 'identity' || !answer.compressible) {
    return { body: answer.identity, etag: `"${answer.hash}"`, coding: 'identity' };
  }
  const body = (answer.compressed[coding] ??= compress(answer.identity, coding));
  return { body, etag: `"${answer.hash}${ETAG_SUFFIX[coding]}"`, coding };
}
