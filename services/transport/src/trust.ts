import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';

/**
 * Who may say what on the transport (decision 0016). Every message names its sender
 * (`from`) and carries an HMAC-SHA256 made with the key that sender shares with the receiver
 * only, so a process that can write to Redis can still speak only as itself. Data of sealed
 * patterns (passwords, reset codes, session tokens) is AES-256-GCM encrypted with a key derived
 * from the same pair secret, so a reader of the streams learns nothing from it.
 */
export interface TransportPolicy {
  /** Identities allowed to send a request on this pattern; undefined for an unknown pattern. */
  callersOf(pattern: string): readonly string[] | undefined;
  /** Whether request and reply data of this pattern are encrypted end to end. */
  isSealed(pattern: string): boolean;
  /** The only identity allowed to emit this event; undefined for an unknown event. */
  emitterOf(event: string): string | undefined;
  /** Identities whose servers handle this event (each gets its own MAC on it). */
  subscribersOf(event: string): readonly string[];
  /**
   * Whether running this request twice is harmless (a read, or a write carrying an
   * idempotency key): the caller may retry it and a live replica re-runs it when the replica
   * that took it dies (decision 0051). Otherwise it runs at most once.
   */
  mayRepeat(pattern: string, data: unknown): boolean;
  /**
   * Whether this request only reads: its handler changes nothing, so a copy of it that runs
   * does no harm as long as it is not answered. Its replay check is then made with its reply,
   * in the same round trip, instead of before the handler (decision 0051).
   */
  onlyReads(pattern: string, data: unknown): boolean;
}

export interface TrustOptions {
  /** This process's identity: its service name, or `bff`. */
  identity: string;
  /** Secret shared with each peer (both directions), at least 32 bytes; the peer holds the same. */
  keys: Readonly<Record<string, Buffer>>;
  policy: TransportPolicy;
}

/** A pair secret shorter than this is refused: it is both an HMAC and an AES-256 key source. */
export const MIN_PAIR_SECRET_BYTES = 32;
const IDENTITY = /^[a-z][a-z0-9-]*$/;
const IV_BYTES = 12;
const TAG_BYTES = 16;

export class TrustError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TrustError';
  }
}

interface PairKeys {
  mac: Buffer;
  seal: Buffer;
}

function derive(secret: Buffer, purpose: string): Buffer {
  return Buffer.from(
    hkdfSync('sha256', secret, Buffer.alloc(0), `upright-transport-${purpose}`, 32),
  );
}

/**
 * The pair secret of `a` and `b` derived from one master secret, the same whichever side asks.
 * For development and tests, where one secret may stand for all; a deployment gives each
 * process only its own pair secrets (`TRANSPORT_KEYS`).
 */
export function derivePairSecret(master: string, a: string, b: string): Buffer {
  const [first, second] = [a, b].sort();
  return createHmac('sha256', master).update(`${first}\n${second}`).digest();
}

/**
 * Parses `peer=base64,peer=base64` (whitespace allowed around items). Throws a TrustError that
 * names the offending peer, never the value.
 */
export function parsePairSecrets(value: string): Record<string, Buffer> {
  const keys: Record<string, Buffer> = {};
  for (const item of value.split(',').map((part) => part.trim())) {
    if (item === '') continue;
    const at = item.indexOf('=');
    const peer = at > 0 ? item.slice(0, at) : '';
    if (!IDENTITY.test(peer)) throw new TrustError('each item must be peer=base64');
    const secret = Buffer.from(item.slice(at + 1), 'base64');
    if (secret.length < MIN_PAIR_SECRET_BYTES) {
      throw new TrustError(`the key for "${peer}" must be at least 32 bytes (base64)`);
    }
    if (keys[peer]) throw new TrustError(`"${peer}" is listed twice`);
    keys[peer] = secret;
  }
  return keys;
}

/**
 * The MAC input: each part prefixed with its length, so no two different part lists can give
 * the same bytes whatever the parts contain.
 */
function mac(key: Buffer, parts: readonly string[]): Buffer {
  const hmac = createHmac('sha256', key);
  for (const part of parts) hmac.update(`${part.length}:`).update(part);
  return hmac.digest();
}

/** This process's keys, one pair per peer. */
export class PeerKeys {
  readonly identity: string;
  private readonly pairs = new Map<string, PairKeys>();

  constructor(identity: string, secrets: Readonly<Record<string, Buffer>>) {
    if (!IDENTITY.test(identity)) throw new TrustError(`Invalid identity "${identity}"`);
    this.identity = identity;
    for (const [peer, secret] of Object.entries(secrets)) {
      if (secret.length < MIN_PAIR_SECRET_BYTES) {
        throw new TrustError(`The key for "${peer}" must be at least 32 bytes`);
      }
      this.pairs.set(peer, { mac: derive(secret, 'mac'), seal: derive(secret, 'seal') });
    }
  }

  has(peer: string): boolean {
    return this.pairs.has(peer);
  }

  sign(peer: string, parts: readonly string[]): string {
    return mac(this.pair(peer).mac, parts).toString('base64');
  }

  /** False for an unknown peer as for a wrong MAC: either way the message is not from `peer`. */
  verify(peer: string, parts: readonly string[], signature: string): boolean {
    const pair = this.pairs.get(peer);
    if (!pair) return false;
    const given = Buffer.from(signature, 'base64');
    const expected = mac(pair.mac, parts);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  /** `aad` binds the ciphertext to its message, so it cannot be moved into another one. */
  seal(peer: string, plaintext: string, aad: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.pair(peer).seal, iv);
    cipher.setAAD(Buffer.from(aad));
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
  }

  open(peer: string, sealed: string, aad: string): string {
    const bytes = Buffer.from(sealed, 'base64');
    if (bytes.length < IV_BYTES + TAG_BYTES) throw new TrustError('Sealed data is too short');
    const decipher = createDecipheriv(
      'aes-256-gcm',
      this.pair(peer).seal,
      bytes.subarray(0, IV_BYTES),
    );
    decipher.setAAD(Buffer.from(aad));
    decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    try {
      return Buffer.concat([
        decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)),
        decipher.final(),
      ]).toString('utf8');
    } catch {
      throw new TrustError('Sealed data does not open');
    }
  }

  private pair(peer: string): PairKeys {
    const pair = this.pairs.get(peer);
    if (!pair) throw new TrustError(`No transport key shared with "${peer}"`);
    return pair;
  }
}
