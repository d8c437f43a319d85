import {
  PUBLIC_DATA_DOMAINS,
  publicDataKeys,
  type PublicDataDomain,
  type PublicVersions,
} from '@upright/contracts';
import Redis from 'ioredis';

export interface PublicDataFollowerOptions {
  redisUrl: string;
  transportPrefix: string;
  /** Names the connection in `CLIENT LIST`. */
  connectionName: string;
  onError?: (error: unknown) => void;
}

/** How long one XREAD waits for news before it asks again (it returns at once when news come). */
const BLOCK_MS = 5000;
const RETRY_MS = 500;

type Listener<T> = (value: T) => void;

/** A version move this follower applied: when it was announced, and when it was applied here. */
export interface AppliedMove {
  /** The announcement's time on Redis's clock (ms since the epoch: its stream entry's id). */
  announcedAtMs: number;
  /** When this follower told its listeners (ms since the epoch, this process's clock). */
  appliedAtMs: number;
}

/** The time a stream entry was added, from its id (`<ms>-<sequence>`). */
function entryTime(id: string): number {
  return Number(id.slice(0, id.indexOf('-')));
}

function isDomain(value: string | undefined): value is PublicDataDomain {
  return (PUBLIC_DATA_DOMAINS as readonly string[]).includes(value ?? '');
}

function fieldsOf(flat: string[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (let i = 0; i + 1 < flat.length; i += 2) fields[flat[i]] = flat[i + 1];
  return fields;
}

/**
 * Follows the public data versions and the broadcast stream (contracts' public-data.ts) on a
 * connection of its own. `versions` is null while it is not known to be current (before the
 * first read, and from the moment the connection drops until it has read the versions again):
 * a cache keyed by it must then neither serve nor keep anything. Every (re)synchronisation
 * also reports `resynced`, since revocations announced meanwhile were not heard.
 */
export class PublicDataFollower {
  private readonly keys: ReturnType<typeof publicDataKeys>;
  private readonly redis: Redis;
  private current: PublicVersions | null = null;
  private lastId = '0-0';
  private lastMove: AppliedMove | null = null;
  private stopped = false;
  private loop?: Promise<void>;
  private readonly changed = new Set<Listener<PublicVersions | null>>();
  private readonly memberChanges = new Set<Listener<string>>();
  private readonly resynced = new Set<Listener<void>>();

  constructor(private readonly options: PublicDataFollowerOptions) {
    this.keys = publicDataKeys(options.transportPrefix);
    this.redis = new Redis(options.redisUrl, {
      lazyConnect: true,
      connectionName: options.connectionName,
      // A blocked read must fail when the connection drops, not wait to be replayed.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
    });
    this.redis.on('error', () => undefined);
    this.redis.on('close', () => this.forget());
  }

  /** The current versions, or null when they may be out of date. */
  get versions(): PublicVersions | null {
    return this.current;
  }

  /**
   * The latest version move heard on the stream and applied (null: none since the start). Its
   * delay is what "every replica stops serving old bytes within a second" measures
   * (docs/product/rules.md#s11).
   */
  get lastAppliedMove(): AppliedMove | null {
    return this.lastMove;
  }

  onVersionsChanged(listener: Listener<PublicVersions | null>): void {
    this.changed.add(listener);
  }

  onMemberChanged(listener: Listener<string>): void {
    this.memberChanges.add(listener);
  }

  onResynced(listener: Listener<void>): void {
    this.resynced.add(listener);
  }

  /** Starts following; resolves after the first synchronisation, or its first failure. */
  async start(): Promise<void> {
    let first: () => void = () => undefined;
    const firstSync = new Promise<void>((resolve) => (first = resolve));
    this.loop = this.follow(first);
    await firstSync;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.redis.disconnect();
    await this.loop;
    this.forget();
  }

  private async follow(firstDone: () => void): Promise<void> {
    while (!this.stopped) {
      try {
        if (this.redis.status === 'wait' || this.redis.status === 'end') await this.redis.connect();
        if (this.current === null) await this.synchronise();
        firstDone();
        await this.readNews();
      } catch (error) {
        firstDone();
        if (this.stopped) return;
        this.forget();
        this.options.onError?.(error);
        await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
      }
    }
  }

  /** Reads the stream's last id before the versions, so no move between the two is missed. */
  private async synchronise(): Promise<void> {
    const last = await this.redis.xrevrange(this.keys.broadcast, '+', '-', 'COUNT', 1);
    const versions = await this.readVersions();
    this.lastId = last[0]?.[0] ?? '0-0';
    this.set(versions);
    for (const listener of this.resynced) listener();
  }

  private async readVersions(): Promise<PublicVersions> {
    const values = await this.redis.mget(
      ...PUBLIC_DATA_DOMAINS.map((domain) => this.keys.version(domain)),
    );
    const versions = {} as PublicVersions;
    PUBLIC_DATA_DOMAINS.forEach((domain, i) => (versions[domain] = values[i] ?? '0'));
    return versions;
  }

  private async readNews(): Promise<void> {
    const answer = await this.redis.xread(
      'BLOCK',
      BLOCK_MS,
      'STREAMS',
      this.keys.broadcast,
      this.lastId,
    );
    /** The first version entry of this read: the move waited longest for. */
    let movedAt: number | undefined;
    for (const [, entries] of answer ?? []) {
      for (const [id, flat] of entries) {
        this.lastId = id;
        const entry = fieldsOf(flat);
        if (entry.kind === 'version' && isDomain(entry.domain)) movedAt ??= entryTime(id);
        else if (entry.kind === 'member-changed' && entry.uid) {
          for (const listener of this.memberChanges) listener(entry.uid);
        }
      }
    }
    // An entry only says that a version moved: every producer may write the stream, but only a
    // domain's producers its version key (decision 0072), so the versions are read from the keys.
    if (movedAt === undefined || !this.current) return;
    const versions = await this.readVersions();
    const current = this.current;
    if (PUBLIC_DATA_DOMAINS.some((domain) => versions[domain] !== current[domain])) {
      this.set(versions);
      this.lastMove = { announcedAtMs: movedAt, appliedAtMs: Date.now() };
    }
  }

  private forget(): void {
    if (this.current === null) return;
    this.set(null);
  }

  private set(versions: PublicVersions | null): void {
    this.current = versions;
    for (const listener of this.changed) listener(versions);
  }
}
