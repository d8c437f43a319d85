import type { TextMatch } from '../engine';
import { fieldValues, maxEdits, normalizeWhole, tokenize } from '../text-match';
import { lowerBound } from './lower-bound';

/**
 * The embedded engine's inverted index (decision 0014): one per app, kept in step with the
 * documents on every add, replace and delete. Terms are kept in a sorted vocabulary, so the words
 * a prefix or a typo can stand for are found by binary search and a pruned edit-distance walk,
 * and a query costs the postings of those words only, summed into preallocated arrays.
 *
 * Scoring is minisearch 7's BM25+ as the engine used it until issue 11 (k 1.2, b 0.7, d 0.5;
 * prefix weight 0.375 fading with the letters added, fuzzy weight 0.45 fading with the edits;
 * field boosts; matched query words as a multiplier), on exact statistics: document frequency
 * counts live documents and the average field length is a ratio of integers, so an index kept up
 * to date by updates scores exactly like one built afresh from the same documents.
 */

const BM25 = { k: 1.2, b: 0.7, d: 0.5 } as const;
const PREFIX_WEIGHT = 0.375;
const FUZZY_WEIGHT = 0.45;
/** Typed words whose expansions are kept (a few hundred bytes each). */
const MAX_EXPANSIONS = 10_000;

type Doc = Record<string, unknown> & { id: string };

/**
 * The documents having a term in one field: slot → occurrences, kept up to date by every change,
 * and the same as two flat arrays for scoring, made again on the first query after a change.
 */
class FieldPostings {
  readonly bySlot = new Map<number, number>();
  private flat: { slots: Int32Array; frequencies: Float64Array } | null = null;
  /** BM25's term-frequency part of each posting, for the average field length it was made for. */
  private norms: { average: number; values: Float64Array } | null = null;

  get size(): number {
    return this.bySlot.size;
  }

  add(slot: number): void {
    this.bySlot.set(slot, (this.bySlot.get(slot) ?? 0) + 1);
    this.flat = null;
    this.norms = null;
  }

  delete(slot: number): void {
    this.bySlot.delete(slot);
    this.flat = null;
    this.norms = null;
  }

  /**
   * `d + tf·(k+1) / (tf + k·(1 − b + b·length/average))` of every posting, in `arrays()` order:
   * it changes only with the posting list or the field's average length, not per query.
   */
  termFrequencyParts(lengths: readonly number[], average: number): Float64Array {
    if (this.norms?.average !== average) {
      const { slots, frequencies } = this.arrays();
      const values = new Float64Array(slots.length);
      for (let at = 0; at < slots.length; at++) {
        const frequency = frequencies[at];
        const normalised =
          frequency + BM25.k * (1 - BM25.b + (BM25.b * lengths[slots[at]]) / average);
        values[at] = BM25.d + (frequency * (BM25.k + 1)) / normalised;
      }
      this.norms = { average, values };
    }
    return this.norms.values;
  }

  arrays(): { slots: Int32Array; frequencies: Float64Array } {
    if (!this.flat) {
      const slots = new Int32Array(this.bySlot.size);
      const frequencies = new Float64Array(this.bySlot.size);
      let at = 0;
      for (const [slot, frequency] of this.bySlot) {
        slots[at] = slot;
        frequencies[at++] = frequency;
      }
      this.flat = { slots, frequencies };
    }
    return this.flat;
  }
}

/** An index term a query word stands for, and its weight. */
interface DerivedTerm {
  term: string;
  weight: number;
}

export interface TextMatches {
  /** Slots of the matching documents, in no particular order. */
  slots: number[];
  /** Score by slot, valid for `slots` only (until the next `match`). */
  scores: Float64Array;
}

/** Where `value` is, or would be inserted, in the sorted `words`. */
function positionOf(words: readonly string[], value: string): number {
  return lowerBound(words.length, (index) => words[index] < value);
}

export class TextIndex {
  private readonly fieldIds: ReadonlyMap<string, number>;
  /** term → postings per field (index = field id; undefined: not in that field). */
  private readonly postings = new Map<string, Array<FieldPostings | undefined>>();
  private vocabulary: string[] = [];
  /**
   * Expansions of typed words by the current vocabulary (what `expand` walks for): the same
   * prefixes are typed again and again, and the vocabulary changes only when a word first
   * appears or last disappears. Emptied then, and when full.
   */
  private readonly expansions = new Map<string, DerivedTerm[]>();
  private readonly slotOf = new Map<string, number>();
  private readonly documentAt: Array<Doc | undefined> = [];
  private readonly freeSlots: number[] = [];
  /** Per field: distinct words of each slot's values, and their sum over live documents. */
  private readonly lengths: number[][];
  private readonly totalLengths: number[];
  /** Per field: whole normalised value → slots having it (the exact-match boost). */
  private readonly wholeValues: Array<Map<string, Set<number>>>;
  /** Per slot: the normalised name, the first field's value (the name-match boost). */
  private readonly names: string[] = [];
  /** Per-slot work arrays of `match`, reused by every query (one query runs at a time). */
  private scratch = {
    scores: new Float64Array(0),
    termScores: new Float64Array(0),
    seen: new Uint32Array(0),
    termMark: new Uint32Array(0),
    matchedCount: new Uint32Array(0),
    distinctCount: new Uint32Array(0),
  };
  private mark = 0;
  private queryMark = 0;

  /** `fields[0]` holds the documents' name (the order of SEARCH_APP_FIELDS). */
  constructor(private readonly fields: readonly string[]) {
    this.fieldIds = new Map(fields.map((field, index) => [field, index]));
    this.lengths = fields.map(() => []);
    this.totalLengths = fields.map(() => 0);
    this.wholeValues = fields.map(() => new Map());
  }

  get size(): number {
    return this.slotOf.size;
  }

  document(slot: number): Doc {
    return this.documentAt[slot] as Doc;
  }

  get(id: string): Doc | undefined {
    const slot = this.slotOf.get(id);
    return slot === undefined ? undefined : this.documentAt[slot];
  }

  /** Every live slot (a query without text). */
  allSlots(): number[] {
    return [...this.slotOf.values()];
  }

  /**
   * Adds documents, replacing those whose id is already indexed; a document equal to the indexed
   * one is left as it is (an import sends every company again). Returns how many changed.
   */
  addAll(documents: readonly Doc[]): number {
    const changed: string[] = [];
    let count = 0;
    for (const document of documents) {
      const current = this.get(document.id);
      if (current && JSON.stringify(current) === JSON.stringify(document)) continue;
      count += 1;
      this.unindex(document.id, changed);
      const slot = this.freeSlots.pop() ?? this.documentAt.length;
      this.documentAt[slot] = document;
      this.slotOf.set(document.id, slot);
      this.names[slot] = normalizeWhole(fieldValues(document, this.fields[0])[0] ?? '');
      this.fields.forEach((field, fieldId) => {
        const values = fieldValues(document, field);
        const tokens = values.flatMap(tokenize);
        for (const token of tokens) {
          let perField = this.postings.get(token);
          if (!perField) {
            this.postings.set(token, (perField = []));
            changed.push(token);
          }
          (perField[fieldId] ??= new FieldPostings()).add(slot);
        }
        const length = new Set(tokens).size;
        this.lengths[fieldId][slot] = length;
        this.totalLengths[fieldId] += length;
        for (const whole of new Set(values.map(normalizeWhole))) {
          const slots = this.wholeValues[fieldId].get(whole);
          if (slots) slots.add(slot);
          else this.wholeValues[fieldId].set(whole, new Set([slot]));
        }
      });
    }
    this.syncVocabulary(changed);
    return count;
  }

  /** Removes the documents of these ids that are indexed; returns how many were. */
  removeAll(ids: readonly string[]): number {
    const changed: string[] = [];
    let count = 0;
    for (const id of ids) if (this.unindex(id, changed)) count += 1;
    this.syncVocabulary(changed);
    return count;
  }

  /** Takes a document out of every structure; terms left without postings go to `changed`. */
  private unindex(id: string, changed: string[]): boolean {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return false;
    const document = this.documentAt[slot] as Doc;
    this.fields.forEach((field, fieldId) => {
      const values = fieldValues(document, field);
      for (const token of new Set(values.flatMap(tokenize))) {
        const perField = this.postings.get(token);
        const postings = perField?.[fieldId];
        if (!perField || !postings) continue;
        postings.delete(slot);
        if (postings.size === 0) perField[fieldId] = undefined;
        if (perField.every((entry) => entry === undefined)) {
          this.postings.delete(token);
          changed.push(token);
        }
      }
      this.totalLengths[fieldId] -= this.lengths[fieldId][slot];
      for (const whole of new Set(values.map(normalizeWhole))) {
        const slots = this.wholeValues[fieldId].get(whole);
        slots?.delete(slot);
        if (slots?.size === 0) this.wholeValues[fieldId].delete(whole);
      }
    });
    this.documentAt[slot] = undefined;
    this.slotOf.delete(id);
    this.freeSlots.push(slot);
    return true;
  }

  /** Brings the sorted vocabulary in line with the postings for terms added or emptied. */
  private syncVocabulary(changed: readonly string[]): void {
    if (changed.length === 0) return;
    if (changed.length > this.vocabulary.length / 16) {
      this.vocabulary = [...this.postings.keys()].sort();
      this.expansions.clear();
      return;
    }
    for (const term of new Set(changed)) {
      const at = positionOf(this.vocabulary, term);
      const listed = this.vocabulary[at] === term;
      const indexed = this.postings.has(term);
      if (listed === indexed) continue;
      if (listed) this.vocabulary.splice(at, 1);
      else this.vocabulary.splice(at, 0, term);
      this.expansions.clear();
    }
  }

  /**
   * The documents matching `match` and their relevance, the exact-match and name-match boosts
   * included. The arrays are reused by the next call: read them before matching again.
   */
  match(match: TextMatch, boost: { exact: number; name: number }): TextMatches {
    this.ensureScratch();
    if (this.mark > 0xfff00000) this.resetMarks();
    const { scores, termScores, seen, matchedCount, distinctCount } = this.scratch;
    const boosts = this.fieldBoosts(match);
    const words = tokenize(match.value);
    // A word typed twice counts once in the matched-words multiplier (minisearch's `terms`).
    const repeated = new Set(words).size < words.length ? new Map<string, Set<number>>() : null;
    const matched: number[] = [];
    words.forEach((word, index) => {
      const derived = this.expanded(
        word,
        index === words.length - 1,
        maxEdits(match.fuzziness, word),
      );
      const mark = this.nextMark();
      const touched: number[] = [];
      for (const { term, weight } of derived) {
        const perField = this.postings.get(term);
        if (!perField) continue;
        for (const [fieldId, boost] of boosts) {
          const postings = perField[fieldId];
          if (postings) this.score(postings, fieldId, weight * boost, mark, touched);
        }
      }
      const bySlot = repeated && (repeated.get(word) ?? repeated.set(word, new Set()).get(word));
      const queryMark = this.queryMark;
      for (const slot of touched) {
        const isNew = !bySlot || !bySlot.has(slot);
        bySlot?.add(slot);
        if (seen[slot] === queryMark) {
          scores[slot] += termScores[slot];
          matchedCount[slot] += 1;
          if (isNew) distinctCount[slot] += 1;
        } else {
          seen[slot] = queryMark;
          scores[slot] = termScores[slot];
          matchedCount[slot] = 1;
          distinctCount[slot] = 1;
          matched.push(slot);
        }
      }
    });
    const slots =
      match.operator === 'and'
        ? matched.filter((slot) => matchedCount[slot] === words.length)
        : matched;
    for (const slot of slots) scores[slot] *= distinctCount[slot];
    const whole = normalizeWhole(match.value);
    const exact = new Set<number>();
    for (const [fieldId] of boosts) {
      for (const slot of this.wholeValues[fieldId].get(whole) ?? []) exact.add(slot);
    }
    for (const slot of exact) {
      if (seen[slot] === this.queryMark && matchedCount[slot] > 0) scores[slot] *= boost.exact;
    }
    // A name typed, or being typed, outranks brands and subsidiaries containing the words.
    if (whole !== '' && boosts.some(([fieldId]) => fieldId === 0)) {
      for (const slot of slots) if (this.names[slot].startsWith(whole)) scores[slot] *= boost.name;
    }
    this.queryMark = this.nextMark();
    return { slots, scores };
  }

  /** Adds one index term's postings in one field to the current query word's scores. */
  private score(
    postings: FieldPostings,
    fieldId: number,
    factor: number,
    mark: number,
    touched: number[],
  ): void {
    const { termScores, termMark } = this.scratch;
    const count = this.size;
    const idf = Math.log(1 + (count - postings.size + 0.5) / (postings.size + 0.5));
    const parts = postings.termFrequencyParts(
      this.lengths[fieldId],
      this.totalLengths[fieldId] / count,
    );
    const { slots } = postings.arrays();
    for (let at = 0; at < slots.length; at++) {
      const slot = slots[at];
      const score = factor * (idf * parts[at]);
      if (termMark[slot] === mark) termScores[slot] += score;
      else {
        termMark[slot] = mark;
        termScores[slot] = score;
        touched.push(slot);
      }
    }
  }

  private ensureScratch(): void {
    const capacity = this.documentAt.length;
    if (this.scratch.scores.length >= capacity) return;
    const size = Math.max(capacity, this.scratch.scores.length * 2, 1024);
    this.scratch = {
      scores: new Float64Array(size),
      termScores: new Float64Array(size),
      seen: new Uint32Array(size),
      termMark: new Uint32Array(size),
      matchedCount: new Uint32Array(size),
      distinctCount: new Uint32Array(size),
    };
    this.resetMarks();
  }

  /** A number no slot is marked with yet (marks tell this query's entries from stale ones). */
  private nextMark(): number {
    this.mark += 1;
    return this.mark;
  }

  private resetMarks(): void {
    this.scratch.seen.fill(0);
    this.scratch.termMark.fill(0);
    this.mark = 0;
    this.queryMark = this.nextMark();
  }

  /** Field ids of the query's fields with their boosts, each field once (its last weight). */
  private fieldBoosts(match: TextMatch): Array<[number, number]> {
    const boosts = new Map<number, number>();
    for (const { field, weight } of match.fields) {
      const fieldId = this.fieldIds.get(field);
      if (fieldId !== undefined) boosts.set(fieldId, weight || 1);
    }
    return [...boosts];
  }

  private expanded(word: string, prefix: boolean, edits: number): DerivedTerm[] {
    const key = `${prefix ? 'p' : 'w'}${edits}:${word}`;
    let derived = this.expansions.get(key);
    if (!derived) {
      if (this.expansions.size >= MAX_EXPANSIONS) this.expansions.clear();
      derived = this.expand(word, prefix, edits);
      this.expansions.set(key, derived);
    }
    return derived;
  }

  /**
   * The index terms one query word stands for: itself, then (last word) the longer words it
   * begins, then the words within `edits` of it that are not such prefixes.
   */
  private expand(word: string, prefix: boolean, edits: number): DerivedTerm[] {
    const derived = [{ term: word, weight: 1 }];
    if (prefix) {
      for (let at = positionOf(this.vocabulary, word); at < this.vocabulary.length; at++) {
        const term = this.vocabulary[at];
        if (!term.startsWith(word)) break;
        if (term === word) continue;
        const added = term.length - word.length;
        derived.push({ term, weight: (PREFIX_WEIGHT * term.length) / (term.length + 0.3 * added) });
      }
    }
    if (edits > 0) {
      for (const [term, distance] of this.withinEdits(word, edits)) {
        if (distance === 0 || (prefix && term.startsWith(word))) continue;
        derived.push({ term, weight: (FUZZY_WEIGHT * term.length) / (term.length + distance) });
      }
    }
    return derived;
  }

  /**
   * Vocabulary terms within `limit` edits (Levenshtein) of `word`, walking the sorted vocabulary
   * as a trie: rows of the distance table are shared with the previous term's common prefix, and
   * a prefix whose row exceeds the limit skips every term that starts with it.
   */
  private withinEdits(word: string, limit: number): Array<[string, number]> {
    const width = word.length + 1;
    const rows: number[][] = [Array.from({ length: width }, (_, column) => column)];
    const found: Array<[string, number]> = [];
    let previous = '';
    let at = 0;
    while (at < this.vocabulary.length) {
      const term = this.vocabulary[at];
      let common = 0;
      const shared = Math.min(previous.length, term.length, rows.length - 1);
      while (common < shared && previous.charCodeAt(common) === term.charCodeAt(common)) common++;
      let pruned = -1;
      for (let depth = common + 1; depth <= term.length; depth++) {
        const above = rows[depth - 1];
        const row = (rows[depth] ??= new Array<number>(width));
        row[0] = depth;
        let smallest = depth;
        const letter = term.charCodeAt(depth - 1);
        for (let column = 1; column < width; column++) {
          const substitution = above[column - 1] + (word.charCodeAt(column - 1) === letter ? 0 : 1);
          row[column] = Math.min(above[column] + 1, row[column - 1] + 1, substitution);
          if (row[column] < smallest) smallest = row[column];
        }
        if (smallest > limit) {
          pruned = depth;
          break;
        }
      }
      if (pruned > 0) {
        // No term beginning with these letters can come back within the limit.
        const stem = term.slice(0, pruned);
        previous = term.slice(0, pruned - 1);
        at = Math.max(at + 1, positionOf(this.vocabulary, `${stem}\uffff`));
        continue;
      }
      const distance = rows[term.length][word.length];
      if (distance <= limit) found.push([term, distance]);
      previous = term;
      at++;
    }
    return found;
  }
}
