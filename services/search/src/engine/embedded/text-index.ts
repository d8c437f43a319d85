import type { TextMatch } from '../engine';
import { fieldValues, maxEdits, normalizeWhole, tokenize } from '../text-match';
import { Vocabulary } from './vocabulary';

/**
 * The embedded engine's inverted index (decision 0014): one per app, kept in step with the
 * documents on every add, replace and delete. Terms are kept in a sorted vocabulary, so the words
 * a prefix or a typo can stand for are found by binary search and a pruned edit-distance walk,
 * and a query costs the postings of those words only, summed into preallocated arrays.
 *
 * Scoring is minisearch 7's BM25+ as the engine used it before decision 0014 (k 1.2, b 0.7, d 0.5;
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
/** Typed words whose typo walks are kept (a few hundred bytes each). */
const MAX_WALKS = 2_000;
/** Slots of the kept word scores, over all words (12 to 16 bytes each). */
const MAX_WORD_SCORE_SLOTS = 1_000_000;
/** A last word matching this many documents is left out of a partial match's merge. */
const MIN_REST_SLOTS = 1024;
/** Of such a word's matches, how many are put in order of score first (`bestByScore`). */
const BEST_ORDERED = 256;

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

/**
 * One query word's scores: `scores[i]` is the score of `slots[i]`; slots ascending when there
 * are `MIN_REST_SLOTS` or more.
 */
interface WordScores {
  slots: Int32Array;
  scores: Float64Array;
  /** `bestByScore(scores, BEST_ORDERED)` (made when first needed). */
  best?: Int32Array;
  /** Indices of `slots`, highest score first (made when first needed, if `best` is short). */
  byScore?: Int32Array;
  /** `blockStarts(slots)` (made when first needed). */
  blocks?: Int32Array;
}

/**
 * Matching documents a `partial` match leaves out of `slots`: those only its last word matches.
 * Valid until the next `match`.
 */
export interface RestMatches {
  /** How many. */
  count: number;
  /**
   * Those of them that can be among the first `count` by score (ties by anything): the first
   * `count` by score and their ties. Their scores are written to `TextMatches.scores`.
   */
  leading(count: number): number[];
}

export interface TextMatches {
  /** Slots of the matching documents, in no particular order (valid until the next `match`). */
  slots: Int32Array;
  /** Score by slot, valid for `slots` only (until the next `match`). */
  scores: Float64Array;
  /** Null unless the match was `partial`: matching documents not in `slots`. */
  rest: RestMatches | null;
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
  /** What `typos` found, by edits and word: emptied with the expansions, and when full. */
  private readonly walks = new Map<string, Array<[string, number]>>();
  /** Scores of typed words by the current index (what `wordScores` sums), least recent first. */
  private readonly wordScoresKept = new Map<string, WordScores>();
  private wordScoreSlots = 0;
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
    matched: new Int32Array(0),
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
    if (count > 0) this.forgetWordScores();
    this.syncVocabulary(changed);
    return count;
  }

  /** Removes the documents of these ids that are indexed; returns how many were. */
  removeAll(ids: readonly string[]): number {
    const changed: string[] = [];
    let count = 0;
    for (const id of ids) if (this.unindex(id, changed)) count += 1;
    if (count > 0) this.forgetWordScores();
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
    this.walks.clear();
    if (changed.length > this.vocabulary.length / 16) {
      this.vocabulary.replace(this.postings.keys());
      return;
    }
    for (const term of new Set(changed)) this.vocabulary.update(term, this.postings.has(term));
  }

  /**
   * The documents matching `match` and their relevance, the exact-match and name-match boosts
   * included. The arrays are reused by the next call: read them before matching again.
   *
   * `partial`: the caller reads only the total and the best few matches (see `TextMatches.rest`),
   * so the documents only a many-document last word matches may be left out of `slots`.
   */
  match(match: TextMatch, boost: { exact: number; name: number }, partial = false): TextMatches {
    this.ensureScratch();
    if (this.mark > 0xfff00000) this.resetMarks();
    const { scores, seen, matchedCount, distinctCount } = this.scratch;
    const boosts = this.fieldBoosts(match);
    const words = tokenize(match.value);
    // A word typed twice counts once in the matched-words multiplier (minisearch's `terms`).
    const repeated = new Set(words).size < words.length ? new Map<string, Set<number>>() : null;
    const { matched } = this.scratch;
    let found = 0;
    const boostsKey = boosts.map(([fieldId, factor]) => `${fieldId}*${factor}`).join(',');
    let rest: RestMatches | null = null;
    words.forEach((word, index) => {
      const scored = this.wordScores(
        word,
        index === words.length - 1,
        maxEdits(match.fuzziness, word),
        boosts,
        boostsKey,
      );
      const wordSlots = scored.slots;
      const wordScores = scored.scores;
      if (
        partial &&
        index > 0 &&
        index === words.length - 1 &&
        repeated === null &&
        match.operator !== 'and' &&
        wordSlots.length >= MIN_REST_SLOTS
      ) {
        rest = this.restOf(scored, found);
        return;
      }
      const bySlot = repeated && (repeated.get(word) ?? repeated.set(word, new Set()).get(word));
      const queryMark = this.queryMark;
      for (let at = 0; at < wordSlots.length; at++) {
        const slot = wordSlots[at];
        const isNew = !bySlot || !bySlot.has(slot);
        bySlot?.add(slot);
        if (seen[slot] === queryMark) {
          scores[slot] += wordScores[at];
          matchedCount[slot] += 1;
          if (isNew) distinctCount[slot] += 1;
        } else {
          seen[slot] = queryMark;
          scores[slot] = wordScores[at];
          matchedCount[slot] = 1;
          distinctCount[slot] = 1;
          matched[found++] = slot;
        }
      }
    });
    const union = matched.subarray(0, found);
    const slots =
      match.operator === 'and'
        ? union.filter((slot) => matchedCount[slot] === words.length)
        : union;
    for (let at = 0; at < slots.length; at++) scores[slots[at]] *= distinctCount[slots[at]];
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
    return { slots, scores, rest };
  }

  /**
   * The last word's part of a `partial` match: adds its scores to the `found` documents matched
   * already that it matches too, as the whole merge would (one addition after the other words',
   * one more word matched), and leaves the others to `RestMatches.leading`. Their score is the
   * last word's alone (one word matched, a multiplier of 1), as neither boost can reach them:
   * a value equal to the query, or a name beginning with it, has its first word, so the first
   * query word matched it (its own term is always one of its expansions).
   */
  private restOf(scored: WordScores, found: number): RestMatches {
    const { scores, seen, matched, matchedCount, distinctCount } = this.scratch;
    const queryMark = this.queryMark;
    let shared = 0;
    const blocks = (scored.blocks ??= blockStarts(scored.slots));
    for (let at = 0; at < found; at++) {
      const slot = matched[at];
      const index = indexIn(scored.slots, blocks, slot);
      if (index < 0) continue;
      scores[slot] += scored.scores[index];
      matchedCount[slot] += 1;
      distinctCount[slot] += 1;
      shared += 1;
    }
    return {
      count: scored.slots.length - shared,
      leading: (count) => {
        if (count <= 0) return [];
        const collect = (order: Int32Array) => {
          const leading: number[] = [];
          let lowest = 0;
          for (let at = 0; at < order.length; at++) {
            const index = order[at];
            const slot = scored.slots[index];
            if (seen[slot] === queryMark) continue;
            const score = scored.scores[index];
            // Past the `count`th, only ties of it can still come first (by id).
            if (leading.length >= count && score < lowest) break;
            scores[slot] = score;
            leading.push(slot);
            if (leading.length === count) lowest = score;
          }
          return leading;
        };
        // Enough of the best few: any other scores less than the `count`th, so ties none.
        const best = (scored.best ??= bestByScore(scored.scores, BEST_ORDERED));
        const leading = collect(best);
        if (leading.length >= count || best.length === scored.scores.length) return leading;
        return collect((scored.byScore ??= orderByScore(scored.scores)));
      },
    };
  }

  /**
   * What one query word adds to the documents it matches: the slots and, for each, the sum over
   * the word's index terms and fields of term weight × field boost × BM25 weight, added in the
   * order of `expanded` and `boosts`. Kept until the index changes (the same words come back in
   * many typed values: `acme c`, `acme co`, … and `c` in every value whose last word it
   * begins), within a budget of slots.
   */
  private wordScores(
    word: string,
    prefix: boolean,
    edits: number,
    boosts: ReadonlyArray<readonly [number, number]>,
    boostsKey: string,
  ): WordScores {
    const key = `${prefix ? 'p' : 'w'}${edits}:${boostsKey}:${word}`;
    const kept = this.wordScoresKept.get(key);
    if (kept) {
      // Most recently used last: the first entries are the ones a full budget evicts.
      this.wordScoresKept.delete(key);
      this.wordScoresKept.set(key, kept);
      return kept;
    }
    const derived = this.expanded(word, prefix, edits);
    const mark = this.nextMark();
    let count = 0;
    for (const { postings: perField, weight } of derived) {
      if (!perField) continue;
      for (const [fieldId, boost] of boosts) {
        const postings = perField[fieldId];
        if (postings) count = this.score(postings, fieldId, weight * boost, mark, count);
      }
    }
    const { touched, termScores, termMark } = this.scratch;
    // One buffer for both arrays: a typed array's own buffer costs more than its contents here.
    const buffer = new ArrayBuffer(count * 12);
    const scores = new Float64Array(buffer, 0, count);
    const slots = new Int32Array(buffer, count * 8, count);
    if (count >= MIN_REST_SLOTS) {
      // In slot order: a partial match's merge (`restOf`) looks them up in order, and a merge
      // walks the per-slot arrays forwards. The slots marked for this word, in one pass.
      let at = 0;
      for (let slot = 0; at < count; slot++) if (termMark[slot] === mark) slots[at++] = slot;
    } else slots.set(touched.subarray(0, count));
    for (let at = 0; at < count; at++) scores[at] = termScores[slots[at]];
    const scored = { slots, scores };
    if (count <= MAX_WORD_SCORE_SLOTS / 4) {
      this.wordScoresKept.set(key, scored);
      this.wordScoreSlots += count;
      for (const [oldKey, old] of this.wordScoresKept) {
        if (this.wordScoreSlots <= MAX_WORD_SCORE_SLOTS) break;
        this.wordScoresKept.delete(oldKey);
        this.wordScoreSlots -= old.slots.length;
      }
    }
    return scored;
  }

  /** Drops the kept word scores: any change moves the statistics every weight reads. */
  private forgetWordScores(): void {
    this.wordScoresKept.clear();
    this.wordScoreSlots = 0;
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
      matched: new Int32Array(size),
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
      for (const [term, distance] of this.typos(word, edits)) {
        if (distance === 0 || (prefix && term.startsWith(word))) continue;
        derived.push(this.derived(term, (FUZZY_WEIGHT * term.length) / (term.length + distance)));
      }
    }
    return derived;
  }

  /**
   * `vocabulary.withinEdits(word, edits)`, kept: a word typed as the last word (a prefix) is
   * often typed again followed by more words (`acme`, then `acme c`), and both walk for it.
   */
  private typos(word: string, edits: number): Array<[string, number]> {
    const key = `${edits}:${word}`;
    let found = this.walks.get(key);
    if (!found) {
      if (this.walks.size >= MAX_WALKS) this.walks.clear();
      found = this.vocabulary.withinEdits(word, edits);
      this.walks.set(key, found);
    }
    return found;
  }

  private derived(term: string, weight: number): DerivedTerm {
    return { postings: this.postings.get(term), weight };
  }

  /** `word` and the indexed words it begins. */
  private startingWith(word: string): string[] {
    return [word, ...this.vocabulary.longerStartingWith(word)];
  }
}

/** Slots per block of `blockStarts`. */
const BLOCK_BITS = 4;

/**
 * For the ascending `slots`: at `b`, the index of the first slot not below `b · 16`, for `b` up
 * to one past the last slot's block (so `b + 1` is always there for a slot of `slots`).
 */
export function blockStarts(slots: Int32Array): Int32Array {
  const last = slots.length > 0 ? slots[slots.length - 1] >> BLOCK_BITS : -1;
  const starts = new Int32Array(last + 2);
  let at = 0;
  for (let block = 0; block < starts.length; block++) {
    while (at < slots.length && slots[at] >> BLOCK_BITS < block) at++;
    starts[block] = at;
  }
  return starts;
}

/** Where `slot` is in the ascending `slots` (`blocks` their `blockStarts`), or −1. */
export function indexIn(slots: Int32Array, blocks: Int32Array, slot: number): number {
  const block = slot >> BLOCK_BITS;
  if (block + 1 >= blocks.length) return -1;
  for (let at = blocks[block]; at < blocks[block + 1]; at++) {
    if (slots[at] === slot) return at;
  }
  return -1;
}

/**
 * Indices of `scores` having one of the `count` highest scores or a tie of the lowest of them
 * (all of them if there are no more), highest score first: a selection, then a sort of those.
 */
export function bestByScore(scores: Float64Array, count: number): Int32Array {
  if (scores.length <= count) return orderByScore(scores);
  const lowest = largest(scores.slice(), count);
  const best: number[] = [];
  for (let at = 0; at < scores.length; at++) if (scores[at] >= lowest) best.push(at);
  return Int32Array.from(best).sort((a, b) => scores[b] - scores[a]);
}

/** The `rank`th largest of `values` (1: the largest), which it reorders (quickselect). */
function largest(values: Float64Array, rank: number): number {
  let low = 0;
  let high = values.length - 1;
  const wanted = rank - 1;
  while (low < high) {
    const pivot = values[(low + high) >>> 1];
    // Three parts, largest first: [low, above) > pivot, [above, below] = pivot, (below, high] <.
    let above = low;
    let below = high;
    let at = low;
    while (at <= below) {
      const value = values[at];
      if (value > pivot) {
        values[at] = values[above];
        values[above++] = value;
        at++;
      } else if (value < pivot) {
        values[at] = values[below];
        values[below--] = value;
      } else at++;
    }
    if (wanted < above) high = above - 1;
    else if (wanted > below) low = below + 1;
    else return pivot;
  }
  return values[wanted];
}

/** Indices of `scores`, highest score first. */
function orderByScore(scores: Float64Array): Int32Array {
  const order = new Int32Array(scores.length);
  for (let at = 0; at < order.length; at++) order[at] = at;
  return order.sort((a, b) => scores[b] - scores[a]);
}

/** The first word of a normalised value (words joined by single spaces). */
function firstWordOf(normalised: string): string {
  const space = normalised.indexOf(' ');
  return space < 0 ? normalised : normalised.slice(0, space);
}
