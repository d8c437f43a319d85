import type { PublicVersions } from '@upright/contracts';
import type { Answer } from './answer';

export interface AnswerStoreStats {
  hits: number;
  misses: number;
  evictions: number;
  bytes: number;
  entries: number;
}

interface Entry {
  answer: Answer;
  /** The version of the answer's domain it was made from. */
  version: string;
  /** Served since it was kept, or since eviction last passed it over (its second chance). */
  used: boolean;
}

/**
 * Answers by request key, each valid only while its domain's version is the one it was made
 * from. Bounded by bytes, evicting by second chance (CLOCK, an approximation of least recently
 * used): a hit only marks its entry used; eviction walks the Map in insertion order, evicts the
 * first entry not used since it was last passed over and moves each used one to the end, unmarked.
 * A hit must not delete and re-insert its key to keep an exact LRU order: V8's Map slows down with
 * the holes those leave in its table, and with a thousand answers kept that made `get` 7 % of a
 * kept answer's time (from 0.4 % with a few: the slowdown with use the wear bench measured).
 */
export class AnswerStore {
  private readonly entries = new Map<string, Entry>();
  private versions: PublicVersions | null = null;
  private bytes = 0;
  readonly stats = { hits: 0, misses: 0, evictions: 0 };

  constructor(private readonly maxBytes: number) {}

  get snapshot(): AnswerStoreStats {
    return { ...this.stats, bytes: this.bytes, entries: this.entries.size };
  }

  /** The versions answers are checked against; null (unknown) keeps and serves nothing. */
  setVersions(versions: PublicVersions | null): void {
    this.versions = versions;
    for (const [key, entry] of this.entries) {
      if (!versions || versions[entry.answer.policy.domain] !== entry.version) this.delete(key);
    }
  }

  /** The version a new answer of `domain` would be kept under, or null when nothing may be. */
  versionOf(domain: keyof PublicVersions): string | null {
    return this.versions?.[domain] ?? null;
  }

  /** The current answer kept for `key`; counts a hit (misses are counted by `noteMiss`). */
  get(key: string): Answer | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    if (this.versions?.[entry.answer.policy.domain] !== entry.version) {
      this.delete(key);
      return undefined;
    }
    entry.used = true;
    this.stats.hits++;
    return entry.answer;
  }

  /** The current answer kept for `key` and its version, neither counted nor moved up the LRU. */
  peek(key: string): { answer: Answer; version: string } | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    const { answer, version } = entry;
    return this.versions?.[answer.policy.domain] === version ? { answer, version } : undefined;
  }

  /** A cacheable request had to be answered by its route. */
  noteMiss(): void {
    this.stats.misses++;
  }

  /**
   * Keeps `answer` if it was made from the current version (`version`, read before the data
   * was asked for): an answer made while the version moved is served once, never kept.
   */
  set(key: string, answer: Answer, version: string): boolean {
    if (answer.size > this.maxBytes / 4) return false;
    if (this.versions?.[answer.policy.domain] !== version) return false;
    const previous = this.entries.get(key);
    if (previous) this.delete(key);
    this.entries.set(key, { answer, version, used: false });
    this.bytes += answer.size;
    // Ends: each entry is passed over at most once (unmarked, moved to the end) before the walk
    // reaches it again unused; the entry just kept is within bounds on its own.
    while (this.bytes > this.maxBytes) {
      const [oldest, entry] = this.entries.entries().next().value!;
      if (entry.used && oldest !== key) {
        entry.used = false;
        this.entries.delete(oldest);
        this.entries.set(oldest, entry);
      } else {
        this.delete(oldest);
        this.stats.evictions++;
      }
    }
    return true;
  }

  private delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.answer.size;
  }
}
