import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/** Agreements: the encrypted session cookie and the readable double-submit CSRF cookie. */
export const SESSION_COOKIE = 'upright_session';
const CSRF_COOKIE = 'upright_csrf';
export const CSRF_HEADER = 'x-csrf-token';

/**
 * In production the browser only accepts a `__Host-` cookie that is Secure, host-only and for
 * path `/`: a sibling subdomain cannot plant or overwrite it (cookie tossing).
 */
export function hostOnlyCookieName(name: string, production: boolean): string {
  return production ? `__Host-${name}` : name;
}

export const sessionCookieName = (production: boolean) =>
  hostOnlyCookieName(SESSION_COOKIE, production);
export const csrfCookieName = (production: boolean) => hostOnlyCookieName(CSRF_COOKIE, production);
/** The cookie lives as long as accounts' sessions by default; accounts decides validity. */
export const SESSION_COOKIE_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Seals the bearer token with AES-256-GCM (node:crypto, i.e. OpenSSL): authenticated encryption,
 * so a changed cookie fails to open instead of yielding another token. A fresh random IV per
 * seal. Format: `v1.<iv>.<ciphertext>.<tag>`, base64url parts.
 */
export function sealToken(key: Buffer, token: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const ciphertext = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
  return [VERSION, iv, ciphertext, cipher.getAuthTag()]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** The token, or null for anything not sealed with this key. */
export function unsealToken(key: Buffer, sealed: string): string | null {
  const parts = sealed.split('.');
  if (parts.length !== 4 || parts[0] !== VERSION) return null;
  const [iv, ciphertext, tag] = parts.slice(1).map((part) => Buffer.from(part, 'base64url'));
  if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES || ciphertext.length === 0) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/** Sealed cookies kept opened; a member sends the same one with every request. */
const OPENED_COOKIES = 10_000;

/**
 * unsealToken with the values opened lately kept (sealed → token): opening costs more than the
 * rest of a kept read, and a member's every request carries the same cookie. Only values that
 * open are kept, so made-up cookies cannot fill it; the oldest goes first beyond the bound.
 */
export class OpenedSessionCookies {
  private readonly tokens = new Map<string, string>();

  constructor(
    private readonly key: Buffer,
    private readonly limit = OPENED_COOKIES,
  ) {}

  get size(): number {
    return this.tokens.size;
  }

  open(sealed: string): string | null {
    const kept = this.tokens.get(sealed);
    if (kept !== undefined) return kept;
    const token = unsealToken(this.key, sealed);
    if (token === null) return null;
    if (this.tokens.size >= this.limit) this.tokens.delete(this.tokens.keys().next().value!);
    this.tokens.set(sealed, token);
    return token;
  }
}

let processKey: Buffer | undefined;

/** The configured key, or (outside production, see auth-config) one random key per process. */
export function sessionCookieKey(configured: string | undefined): Buffer {
  if (configured) return Buffer.from(configured, 'base64');
  processKey ??= randomBytes(32);
  return processKey;
}
