/**
 * Solves the captcha of `GET /api/captcha` the way the `altcha` widget does (ALTCHA proof of
 * work v2, SHA-256): find the counter whose derived key starts with the challenge's keyPrefix.
 *
 *   password   = nonce bytes ‖ counter as a big-endian uint32
 *   derivedKey = SHA-256 applied `cost` times, first to salt ‖ password, then to its own output
 *
 * Plain TypeScript with no imports, so k6 (SHA-256 from k6/crypto) and the Node load generator
 * (node:crypto) run the same code; infra/k6/test/altcha-solver.spec.ts checks it against altcha-lib.
 */

export interface AltchaChallenge {
  parameters: {
    algorithm: string;
    nonce: string;
    salt: string;
    cost: number;
    keyLength?: number;
    keyPrefix: string;
    [name: string]: unknown;
  };
  signature?: string;
}

export interface AltchaSolution {
  counter: number;
  derivedKey: string;
}

export type Sha256 = (data: Uint8Array) => Uint8Array;

export function hexToBytes(hex: string): Uint8Array {
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

export function bytesToHex(bytes: Uint8Array): string {
  let hex = '';
  for (const byte of bytes) hex += (byte < 16 ? '0' : '') + byte.toString(16);
  return hex;
}

function startsWith(bytes: Uint8Array, prefix: Uint8Array): boolean {
  for (let i = 0; i < prefix.length; i++) if (bytes[i] !== prefix[i]) return false;
  return true;
}

/**
 * Counters tried before giving up. The BFF hides one below CAPTCHA_MAX_COUNTER (20 000 by
 * default, at most 10 000 000); a challenge with no solution must not spin forever.
 */
export const DEFAULT_MAX_COUNTER = 10_000_000;

export function solveAltcha(
  challenge: AltchaChallenge,
  sha256: Sha256,
  maxCounter = DEFAULT_MAX_COUNTER,
): AltchaSolution | null {
  const { algorithm, nonce, salt, cost, keyLength = 32, keyPrefix } = challenge.parameters;
  if (algorithm !== 'SHA-256') throw new Error(`unsupported captcha algorithm ${algorithm}`);
  const nonceBytes = hexToBytes(nonce);
  const saltBytes = hexToBytes(salt);
  const prefix = keyPrefix.toLowerCase();
  // Odd-length prefixes compare as hex text; even ones as bytes (as altcha-lib does).
  const prefixBytes = prefix.length % 2 === 0 ? hexToBytes(prefix) : null;
  const input = new Uint8Array(saltBytes.length + nonceBytes.length + 4);
  input.set(saltBytes, 0);
  input.set(nonceBytes, saltBytes.length);
  const view = new DataView(input.buffer);
  const rounds = Math.max(1, cost);
  for (let counter = 0; counter <= maxCounter; counter++) {
    view.setUint32(saltBytes.length + nonceBytes.length, counter, false);
    let key = sha256(input);
    for (let round = 1; round < rounds; round++) key = sha256(key);
    key = key.slice(0, keyLength);
    const matches = prefixBytes ? startsWith(key, prefixBytes) : bytesToHex(key).startsWith(prefix);
    if (matches) return { counter, derivedKey: bytesToHex(key) };
  }
  return null;
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Base64 of an ASCII string (the payload is JSON of hex strings and numbers). */
function base64Ascii(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i += 3) {
    const a = text.charCodeAt(i);
    const b = i + 1 < text.length ? text.charCodeAt(i + 1) : NaN;
    const c = i + 2 < text.length ? text.charCodeAt(i + 2) : NaN;
    const bits = (a << 16) | ((b || 0) << 8) | (c || 0);
    out += BASE64[(bits >> 18) & 63] + BASE64[(bits >> 12) & 63];
    out += Number.isNaN(b) ? '=' : BASE64[(bits >> 6) & 63];
    out += Number.isNaN(c) ? '=' : BASE64[bits & 63];
  }
  return out;
}

/** The value of the form field `altcha`: base64 of { challenge, solution }. */
export function altchaPayload(
  challenge: AltchaChallenge,
  sha256: Sha256,
  maxCounter = DEFAULT_MAX_COUNTER,
): string {
  const solution = solveAltcha(challenge, sha256, maxCounter);
  if (!solution) throw new Error('captcha: no counter solves the challenge');
  return base64Ascii(JSON.stringify({ challenge, solution }));
}
