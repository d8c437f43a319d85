import type { TextMatch } from '../engine';
import { fieldValues, maxEdits, normalizeWhole, tokenize } from '../text-match';
import { Vocabulary } from './vocabulary';

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
 * and, for scoring, flat arrays of the slots and of each posting's BM25 weight, made again on the
 * first query after a change of the postings or of the statistics the weights read.
 */
class FieldPostings {
  readonly bySlot = new Map<number, number>();
  private flat: Weighted | null = null;

  get size(): number {
    return this.bySlot.size;
  }

  add(slot: number): void {
    this.bySlot.set(slot, (this.bySlot.get(slot) ?? 0) + 1);
    this.flat = null;
  }

  delete(slot: number): void {
    this.bySlot.delete(slot);
    this.flat = null;
  }

  /**
   * The slots and `idf · (d + tf·(k+1) / (tf + k·(1 − b + b·length/average)))` of every posting,
   * for `count` live documents whose field is `average` words long on average: they change with
   * the postings or those statistics, not per query (a query multiplies them by its weights).
   */
  weighted(count: number, lengths: readonly number[], average: number): Weighted {
    const flat = this.flat;
    if (flat !== null && flat.count === count && flat.average === average) return flat;
    const slots = new Int32Array(this.bySlot.size);
    const weights = new Float64Array(this.bySlot.size);
    const idf = Math.log(1 + (count - slots.length + 0.5) / (slots.length + 0.5));
    let at = 0;
    for (const [slot, frequency] of this.bySlot) {
      const normalised = frequency + BM25.k * (1 - BM25.b + (BM25.b * lengths[slot]) / average);
      slots[at] = slot;
      weights[at++] = idf * (BM25.d + (frequency * (BM25.k + 1)) / normalised);
    }
    this.flat = { count, average, slots, weights };
    return this.flat;
  }
}

interface Weighted {
  count: number;
  average: number;
  slots: Int32Array;
  weights: Float64Array;
}

/**
 * What a query word stands for: an index term's postings per field (the same array as long as the
 * term is indexed; expansions are dropped when a term first appears or last disappears, so a
 * query reads no map per term) and its weight.
 */
interface DerivedTerm {
  postings: Array<FieldPostings | undefined> | undefined;
  weight: number;
}

export interface TextMatches {
  /** Slots of the matching documents, in no particular order. */
  slots: number[];
  /** Score by slot, valid for `slots` only (until the next `match`). */
  scores: Float64Array;
}

export class TextIndex {
  private readonly fieldIds: ReadonlyMap<string, number>;
  /** term → postings per field (index = field id; undefined: not in that field). */
  private readonly postings = new Map<string, Array<FieldPostings | undefined>>();
  private readonly vocabulary = new Vocabulary();
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
  /**
   * The first word of each name → slots: only names beginning with the query's first word (or,
   * for one word, a word it begins) can begin with the whole query, so the name-match boost looks
   * at those instead of testing every matched document's name (decision 0058).
   */
  private readonly nameStarts = new Map<string, Set<number>>();
  /** Per-slot work arrays of `match`, reused by every query (one query runs at a time). */
  private scratch = {
    scores: new Float64Array(0),
    termScores: new Float64Array(0),
    touched: new Int32Array(0),
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
      const name = normalizeWhole(fieldValues(document, this.fields[0])[0] ?? '');
      this.names[slot] = name;
      if (name !== '') {
        const first = firstWordOf(name);
        const slots = this.nameStarts.get(first);
        if (slots) slots.add(slot);
        else this.nameStarts.set(first, new Set([slot]));
      }
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
    const name = this.names[slot];
    if (name !== '') {
      const first = firstWordOf(name);
      const slots = this.nameStarts.get(first);
      slots?.delete(slot);
      if (slots?.size === 0) this.nameStarts.delete(first);
    }
    this.documentAt[slot] = undefined;
    this.slotOf.delete(id);
    this.freeSlots.push(slot);
    return true;
  }

  /**
   * Brings the sorted vocabulary in line with the postings for terms added or emptied, and drops
   * the expansions: they hold the postings arrays of their terms, which a term emptied and indexed
   * again in one change has anew.
   */
  private syncVocabulary(changed: readonly string[]): void {
    if (changed.length === 0) return;
    this.expansions.clear();
    if (changed.length > this.vocabulary.length / 16) {
      this.vocabulary.replace(this.postings.keys());
      return;
    }
    for (const term of new Set(changed)) this.vocabulary.update(term, this.postings.has(term));
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
    const { touched } = this.scratch;
    const matched: number[] = [];
    words.forEach((word, index) => {
      const derived = this.expanded(
        word,
        index === words.length - 1,
        maxEdits(match.fuzziness, word),
      );
      const mark = this.nextMark();
      let count = 0;
      for (const { postings: perField, weight } of derived) {
        if (!perField) continue;
        for (const [fieldId, boost] of boosts) {
          const postings = perField[fieldId];
          if (postings) count = this.score(postings, fieldId, weight * boost, mark, count);
        }
      }
      const bySlot = repeated && (repeated.get(word) ?? repeated.set(word, new Set()).get(word));
      const queryMark = this.queryMark;
      for (let at = 0; at < count; at++) {
        const slot = touched[at];
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
      const all = match.operator !== 'and';
      for (const first of words.length > 1 ? [words[0]] : this.startingWith(words[0])) {
        for (const slot of this.nameStarts.get(first) ?? []) {
          const isHit =
            seen[slot] === this.queryMark && (all || matchedCount[slot] === words.length);
          if (isHit && this.names[slot].startsWith(whole)) scores[slot] *= boost.name;
        }
      }
    }
    this.queryMark = this.nextMark();
    return { slots, scores };
  }

  /**
   * Adds one index term's postings in one field to the current query word's scores; slots it
   * scores first for this word are appended to `scratch.touched` after the first `count`.
   * Returns the new count.
   */
  private score(
    postings: FieldPostings,
    fieldId: number,
    factor: number,
    mark: number,
    count: number,
  ): number {
    const { termScores, termMark, touched } = this.scratch;
    const documents = this.size;
    const average = this.totalLengths[fieldId] / documents;
    const { slots, weights } = postings.weighted(documents, this.lengths[fieldId], average);
    let next = count;
    for (let at = 0; at < slots.length; at++) {
      const slot = slots[at];
      const score = factor * weights[at];
      if (termMark[slot] === mark) termScores[slot] += score;
      else {
        termMark[slot] = mark;
        termScores[slot] = score;
        touched[next++] = slot;
      }
    }
    return next;
  }

  private ensureScratch(): void {
    const capacity = this.documentAt.length;
    if (this.scratch.scores.length >= capacity) return;
    const size = Math.max(capacity, this.scratch.scores.length * 2, 1024);
    this.scratch = {
      scores: new Float64Array(size),
      termScores: new Float64Array(size),
      touched: new Int32Array(size),
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
    const derived = [this.derived(word, 1)];
    if (prefix) {
      for (const term of this.vocabulary.longerStartingWith(word)) {
        const added = term.length - word.length;
        derived.push(
          this.derived(term, (PREFIX_WEIGHT * term.length) / (term.length + 0.3 * added)),
        );
      }
    }
    if (edits > 0) {
      for (const [term, distance] of this.vocabulary.withinEdits(word, edits)) {
        if (distance === 0 || (prefix && term.startsWith(word))) continue;
        derived.push(this.derived(term, (FUZZY_WEIGHT * term.length) / (term.length + distance)));
      }
    }
    return derived;
  }

  private derived(term: string, weight: number): DerivedTerm {
    return { postings: this.postings.get(term), weight };
  }

  /** `word` and the indexed words it begins. */
  private startingWith(word: string): string[] {
    return [word, ...this.vocabulary.longerStartingWith(word)];
  }
}

/** The first word of a normalised value (words joined by single spaces). */
function firstWordOf(normalised: string): string {
  const space = normalised.indexOf(' ');
  return space < 0 ? normalised : normalised.slice(0, space);
}
