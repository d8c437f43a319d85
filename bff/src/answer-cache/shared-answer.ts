import { createHash } from 'node:crypto';
import { PUBLIC_DATA_DOMAINS, type PublicDataDomain } from '@upright/contracts';
import { z } from 'zod';
import { makeAnswer, type Answer } from './answer';

/**
 * The layout of a shared answer (decision 0057), part of every key: replicas of two
 * releases with different layouts never read each other's bytes, they each make their own.
 */
const LAYOUT = 'a1';

/**
 * Where replicas share the answer of one request key made from one version of its domain, and
 * the lock of the replica making it. The version is in the key, so an answer of a version that
 * has moved is never found again (it expires with its TTL); so is the release (`RELEASE_ID`), so a
 * replica never serves bytes another release made (a rolling deploy). The request key (a URL, at
 * most a few kilobytes) is hashed, so every key is of one short length.
 */
export function sharedAnswerKeys(
  transportPrefix: string,
  release: string,
  domain: PublicDataDomain,
  version: string,
  requestKey: string,
): { answer: string; lock: string } {
  const id = createHash('sha256').update(requestKey).digest('base64url');
  // Under the BFF's own keys (`{prefix}:bff:*`), which its Redis user may touch (decision 0017).
  const answer = `${transportPrefix}:bff:answers:${LAYOUT}:${release}:${domain}:${version}:${id}`;
  return { answer, lock: `${answer}:lock` };
}

/**
 * The keys of one release's answers written lately, newest first (a sorted set by time, members
 * `{domain} {request key}`): what a starting replica of that release reads to warm its own store.
 */
export function sharedRecentKey(transportPrefix: string, release: string): string {
  return `${transportPrefix}:bff:answers:${LAYOUT}:${release}:recent`;
}

/**
 * Only API answers are shared (decision 0057): a page's HTML names the asset files of the
 * web build that rendered it, which another release's replica may not have.
 */
export function isSharedKey(requestKey: string): boolean {
  return requestKey.startsWith('/api/');
}

/** A member of the recent set, and back; null for one that is not (another layout's). */
export function recentMember(domain: PublicDataDomain, requestKey: string): string {
  return `${domain} ${requestKey}`;
}

export function parseRecentMember(
  member: string,
): { domain: PublicDataDomain; requestKey: string } | null {
  const space = member.indexOf(' ');
  const domain = member.slice(0, space);
  const requestKey = member.slice(space + 1);
  if (space <= 0 || !(PUBLIC_DATA_DOMAINS as readonly string[]).includes(domain)) return null;
  return isSharedKey(requestKey) ? { domain: domain as PublicDataDomain, requestKey } : null;
}

/** The bytes all replicas wrote in the current window (decision 0057: the memory bound). */
export function sharedBudgetKey(transportPrefix: string): string {
  return `${transportPrefix}:bff:answers:${LAYOUT}:budget`;
}

const length = z.number().int().min(0);

/** What rebuilds the `Answer` beside its bytes; the lengths say where each coding starts. */
const headerSchema = z.object({
  contentType: z.string(),
  status: z.number().int(),
  domain: z.enum(PUBLIC_DATA_DOMAINS),
  personal: z.union([z.literal(false), z.enum(['industry-ranking', 'company-ranks'])]),
  compressible: z.boolean(),
  industryKey: z.string().optional(),
  cacheControl: z.string().optional(),
  identity: length,
  br: length.optional(),
  gzip: length.optional(),
});

/** A 4-byte length of the JSON header, the header, then identity, brotli and gzip bytes. */
const HEADER_LENGTH_BYTES = 4;

/**
 * An answer as replicas share it: the identity bytes and the codings compressed by the time it is
 * written (the maker's own request has usually made the one browsers ask), with what the
 * `Answer` is rebuilt from. The ETag hash is worked out again from the bytes, as it was made.
 */
export function encodeAnswer(answer: Answer): Buffer {
  const { br, gzip } = answer.compressed;
  const header = Buffer.from(
    JSON.stringify({
      contentType: answer.contentType,
      status: answer.status,
      domain: answer.policy.domain,
      personal: answer.policy.personal,
      compressible: answer.compressible,
      industryKey: answer.industryKey,
      cacheControl: answer.cacheControl,
      identity: answer.identity.length,
      br: br?.length,
      gzip: gzip?.length,
    } satisfies z.input<typeof headerSchema>),
  );
  const size = Buffer.alloc(HEADER_LENGTH_BYTES);
  size.writeUInt32BE(header.length);
  return Buffer.concat([
    size,
    header,
    answer.identity,
    ...(br ? [br] : []),
    ...(gzip ? [gzip] : []),
  ]);
}

/** The answer `encodeAnswer` wrote, or null for bytes that are not one (cut short, other layout). */
export function decodeAnswer(bytes: Buffer): Answer | null {
  if (bytes.length < HEADER_LENGTH_BYTES) return null;
  const headerEnd = HEADER_LENGTH_BYTES + bytes.readUInt32BE(0);
  if (headerEnd > bytes.length) return null;
  let header: z.infer<typeof headerSchema>;
  try {
    const parsed = headerSchema.safeParse(
      JSON.parse(bytes.subarray(HEADER_LENGTH_BYTES, headerEnd).toString('utf8')),
    );
    if (!parsed.success) return null;
    header = parsed.data;
  } catch {
    return null;
  }
  if (headerEnd + header.identity + (header.br ?? 0) + (header.gzip ?? 0) !== bytes.length) {
    return null;
  }
  // Copies: a slice of the reply could hold the connection's read buffer alive with the answer.
  let at = headerEnd;
  const take = (n: number) => Buffer.from(bytes.subarray(at, (at += n)));
  const identity = take(header.identity);
  const answer = makeAnswer(
    identity,
    { domain: header.domain, personal: header.personal },
    {
      contentType: header.contentType,
      status: header.status,
      compressible: header.compressible,
      industryKey: header.industryKey,
      cacheControl: header.cacheControl,
    },
  );
  if (header.br !== undefined) answer.compressed.br = take(header.br);
  if (header.gzip !== undefined) answer.compressed.gzip = take(header.gzip);
  return answer;
}
