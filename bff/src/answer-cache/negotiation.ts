import type { ContentCoding } from './answer';

/**
 * The coding to send for an `Accept-Encoding` header: brotli when accepted, else gzip, else
 * none (RFC 9110 §12.5.3; a q of 0 refuses a coding, `*` stands for the unnamed ones).
 */
export function preferredCoding(acceptEncoding: string | undefined): ContentCoding {
  if (!acceptEncoding) return 'identity';
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    let quality = 1;
    for (const param of params) {
      const [key, value] = param.trim().split('=');
      if (key === 'q') quality = Number(value);
    }
    accepted.set(name, Number.isFinite(quality) ? quality : 0);
  }
  const qualityOf = (coding: string) => accepted.get(coding) ?? accepted.get('*') ?? 0;
  const gzip = Math.max(qualityOf('gzip'), accepted.get('x-gzip') ?? 0);
  const br = qualityOf('br');
  if (br > 0 && br >= gzip) return 'br';
  if (gzip > 0) return 'gzip';
  return 'identity';
}

/**
 * Whether `If-None-Match` names the ETag (weak comparison, as RFC 9110 §13.1.2 requires for
 * this header; `*` matches any current representation).
 */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  for (const candidate of ifNoneMatch.split(',')) {
    const tag = candidate.trim();
    if ((tag.startsWith('W/') ? tag.slice(2) : tag) === etag) return true;
  }
  return false;
}
