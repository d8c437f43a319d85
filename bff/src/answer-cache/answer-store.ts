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
}

/**
 * Answers by request key, each valid only while its domain's version is the one it was made
 * from. Bounded by bytes: the least recently used answers go first. A Map keeps insertion
 * order, so re-inserting on a hit makes the first key the least recently used.
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
    this.entries.delete(key);
    this.entries.set(key, entry);
    this.stats.hits++;
    return entry.answer;
  }

  /** The current answer kept for `key` and its version, neither counted nor moved up the LRU. */
  peek(key: string): { answer: Answer; version: string } | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    return this.versions?.[entry.answer.policy.domain] === entry.version ? entry : undefined;
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
    this.entries.set(key, { answer, version });
    this.bytes += answer.size;
    for (const oldest of this.entries.keys()) {
      if (this.bytes <= this.maxBytes) break;
      this.delete(oldest);
      this.stats.evictions++;
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
