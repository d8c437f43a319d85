import { lowerBound } from './lower-bound';

/**
 * The sorted distinct terms of a TextIndex (decision 0014), and the two walks a typed word needs:
 * the terms it begins (a prefix) and the terms within a few edits of it (a typo).
 *
 * The typo walk treats the sorted terms as a trie: a term shares the rows of the edit-distance
 * table for its common prefix with the previous term, and once a prefix is too far from the word,
 * every term beginning with it is skipped. `commonPrefix[i]` (letters term `i` shares with term
 * `i − 1`) makes that skip a walk over small integers instead of a binary search with a made-up
 * key per pruned prefix (decision 0058: the search of such keys was most of a typo walk).
 * It is made again, lazily, after the terms change, which is only when a word first appears or
 * last disappears.
 */
export class Vocabulary {
  private terms: string[] = [];
  /** Made from `terms` on the first walk after they change (null until then). */
  private commonPrefix: Uint32Array | null = null;
  /**
   * With `commonPrefix`: the first term after term `i` sharing fewer letters with its previous
   * term than term `i` does (`length` if none), so a skip jumps over each run of terms sharing a
   * longer prefix at once.
   */
  private nextShorter = new Uint32Array(0);
  /** The longest term's length, as of the last `commonPrefix`. */
  private longest = 0;
  /** The edit-distance rows of the walk, one per letter of the current term, reused by each. */
  private rows = new Int32Array(0);
  /** The packed bands of the walk's rows (`withinEditsPacked`), one per letter, reused. */
  private bands = new Int32Array(0);
  /** Masks of the walked word's ASCII letters (`withinEditsPacked`), all 0 between walks. */
  private readonly asciiMasks = new Int32Array(128);

  get length(): number {
    return this.terms.length;
  }

  /** Replaces every term (`terms` in any order, distinct). */
  replace(terms: Iterable<string>): void {
    this.terms = [...terms].sort();
    this.commonPrefix = null;
  }

  /** Lists `term` or not, as `present` says. */
  update(term: string, present: boolean): void {
    const at = this.positionOf(term);
    const listed = this.terms[at] === term;
    if (listed === present) return;
    if (listed) this.terms.splice(at, 1);
    else this.terms.splice(at, 0, term);
    this.commonPrefix = null;
  }

  /** The terms beginning with `prefix` and longer than it, in order. */
  longerStartingWith(prefix: string): string[] {
    const found: string[] = [];
    for (let at = this.positionOf(prefix); at < this.terms.length; at++) {
      const term = this.terms[at];
      if (!term.startsWith(prefix)) break;
      if (term !== prefix) found.push(term);
    }
    return found;
  }

  /**
   * The terms within `limit` edits (Levenshtein) of `word`, in order, with their distance.
   *
   * Only the band of a row within `limit` of its diagonal is computed (Ukkonen): a cell further
   * off is at least its distance from the diagonal, so more than `limit`, and is read as
   * `limit + 1`; the cells of the band are then exact wherever they are within the limit, and
   * above it elsewhere, so prunes and distances are those of the whole table. A row past
   * `word.length + limit` has no band: longer terms are pruned there.
   */
  withinEdits(word: string, limit: number): Array<[string, number]> {
    if ((limit === 1 || limit === 2) && word.length <= MAX_PACKED_WORD) {
      return this.withinEditsPacked(word, limit);
    }
    return this.withinEditsTable(word, limit);
  }

  /**
   * `withinEdits` for 1 or 2 edits: the same walk, the band of a row packed in one integer (two
   * bits a cell, holding `min(distance, limit + 1)`) and made by a table (`bandTable`) from the
   * band above and which of the word's letters in the band are the term's letter.
   */
  private withinEditsPacked(word: string, limit: number): Array<[string, number]> {
    const { terms } = this;
    const common = this.commonPrefixes();
    const { next: table, smallest } = bandTable(limit);
    const cells = 2 * limit + 1;
    const over = limit + 1;
    const equalMask = (1 << cells) - 1;
    const length = word.length;
    // Bit `p` of a letter's mask: the word's letter `p` is that letter (ASCII in an array).
    const ascii = this.asciiMasks;
    const masks = new Map<number, number>();
    for (let at = 0; at < length; at++) {
      const letter = word.charCodeAt(at);
      if (letter < 128) ascii[letter] |= 1 << at;
      else masks.set(letter, (masks.get(letter) ?? 0) | (1 << at));
    }
    // Cell `i` of the band of row `depth` is column `depth + i − limit`; row 0 is the column.
    const bands = this.bandsFor();
    let first = 0;
    for (let cell = 0; cell < cells; cell++) {
      const column = cell - limit;
      const value = column < 0 || column > length ? over : Math.min(column, over);
      first |= value << (2 * cell);
    }
    bands[0] = first;
    const found: Array<[string, number]> = [];
    let at = 0;
    while (at < terms.length) {
      const term = terms[at];
      let pruned = -1;
      for (let depth = common[at] + 1; depth <= term.length; depth++) {
        const code = term.charCodeAt(depth - 1);
        const letter = code < 128 ? ascii[code] : (masks.get(code) ?? 0);
        const shift = depth - 1 - limit;
        const equal = (shift >= 0 ? letter >>> shift : letter << -shift) & equalMask;
        let band = table[(bands[depth - 1] << cells) | equal];
        // Cells past the word's last column: none of the walk's reads, and no smallest value.
        const valid = length - depth + limit + 1;
        if (valid < cells) band = overPast(band, valid < 0 ? 0 : valid, cells, over);
        bands[depth] = band;
        if (smallest[band] > limit) {
          pruned = depth;
          break;
        }
      }
      if (pruned > 0) {
        at = this.pastPrefix(at, pruned);
        continue;
      }
      const cell = length - term.length + limit;
      if (cell >= 0 && cell < cells) {
        const distance = (bands[term.length] >> (2 * cell)) & 3;
        if (distance <= limit) found.push([term, distance]);
      }
      at++;
    }
    for (let at = 0; at < length; at++) {
      const letter = word.charCodeAt(at);
      if (letter < 128) ascii[letter] = 0;
    }
    return found;
  }

  /** `withinEdits` for any limit and word, on the rows' band of a table of distances. */
  private withinEditsTable(word: string, limit: number): Array<[string, number]> {
    const { terms } = this;
    const common = this.commonPrefixes();
    const width = word.length + 1;
    const rows = this.rowsFor(width);
    for (let column = 0; column < width; column++) rows[column] = column;
    const over = limit + 1;
    const found: Array<[string, number]> = [];
    let at = 0;
    while (at < terms.length) {
      const term = terms[at];
      let pruned = -1;
      // The rows of the letters this term shares with the previous one are still there: a
      // term after a skip shares fewer letters with the last skipped one than were pruned.
      for (let depth = common[at] + 1; depth <= term.length; depth++) {
        const above = (depth - 1) * width;
        const here = depth * width;
        rows[here] = depth;
        let smallest = depth < over ? depth : over;
        const first = depth - limit > 1 ? depth - limit : 1;
        const last = depth + limit < width - 1 ? depth + limit : width - 1;
        // The cells just outside the band, which this row and the next read.
        if (first > 1) rows[here + first - 1] = over;
        if (last + 1 < width) rows[here + last + 1] = over;
        const letter = term.charCodeAt(depth - 1);
        for (let column = first; column <= last; column++) {
          let distance =
            rows[above + column - 1] + (word.charCodeAt(column - 1) === letter ? 0 : 1);
          if (rows[above + column] + 1 < distance) distance = rows[above + column] + 1;
          if (rows[here + column - 1] + 1 < distance) distance = rows[here + column - 1] + 1;
          rows[here + column] = distance;
          if (distance < smallest) smallest = distance;
        }
        if (smallest > limit) {
          pruned = depth;
          break;
        }
      }
      if (pruned > 0) {
        at = this.pastPrefix(at, pruned);
        continue;
      }
      // A term whose length is more than `limit` away from the word's has no cell in its band.
      if (Math.abs(term.length - word.length) <= limit) {
        const distance = rows[term.length * width + word.length];
        if (distance <= limit) found.push([term, distance]);
      }
      at++;
    }
    return found;
  }

  /**
   * The first term after `at` that does not begin with term `at`'s first `pruned` letters: no
   * term beginning with a pruned prefix can come back within the limit. Terms from `i` to
   * `next[i]` share at least `common[i]` letters with term `i − 1`, so whole runs are skipped.
   */
  private pastPrefix(at: number, pruned: number): number {
    const { terms, nextShorter: next } = this;
    const common = this.commonPrefixes();
    let after = at + 1;
    while (after < terms.length && common[after] >= pruned) after = next[after];
    return after;
  }

  /** Where `value` is, or would be inserted. */
  private positionOf(value: string): number {
    const { terms } = this;
    return lowerBound(terms.length, (index) => terms[index] < value);
  }

  private commonPrefixes(): Uint32Array {
    if (this.commonPrefix) return this.commonPrefix;
    const { terms } = this;
    const common = new Uint32Array(terms.length);
    let longest = 0;
    for (let at = 0; at < terms.length; at++) {
      const term = terms[at];
      longest = Math.max(longest, term.length);
      if (at === 0) continue;
      const previous = terms[at - 1];
      const shared = Math.min(previous.length, term.length);
      let length = 0;
      while (length < shared && previous.charCodeAt(length) === term.charCodeAt(length)) length++;
      common[at] = length;
    }
    const next = new Uint32Array(terms.length);
    // Terms whose next shorter-sharing term is not found yet, sharing ever fewer letters.
    const open: number[] = [];
    for (let at = 0; at < terms.length; at++) {
      while (open.length > 0 && common[open[open.length - 1]] > common[at]) {
        next[open.pop() as number] = at;
      }
      open.push(at);
    }
    for (const at of open) next[at] = terms.length;
    this.longest = longest;
    this.nextShorter = next;
    this.commonPrefix = common;
    return common;
  }

  private bandsFor(): Int32Array {
    if (this.bands.length < this.longest + 1) this.bands = new Int32Array(2 * (this.longest + 1));
    return this.bands;
  }

  private rowsFor(width: number): Int32Array {
    const needed = (this.longest + 1) * width;
    if (this.rows.length < needed) this.rows = new Int32Array(needed * 2);
    return this.rows;
  }
}

/** The longest word `withinEditsPacked` walks for (its letters are bits of an integer). */
const MAX_PACKED_WORD = 30;

interface BandTable {
  /** At `(band << cells) | equal`: the band of the next row. */
  next: Uint16Array;
  /** At a band: its smallest cell. */
  smallest: Uint8Array;
}

const bandTables = new Map<number, BandTable>();

/**
 * The rows of the edit-distance table within `limit` of the diagonal, as `withinEditsPacked`
 * keeps them: `2 · limit + 1` cells of two bits, each `min(distance, limit + 1)`, cell `i` of
 * row `d` being column `d + i − limit`. The next row's cell `i` is the smallest of the cell
 * above-left (cell `i` of the band above) plus 0 if the letters are equal (bit `i` of `equal`)
 * else 1, the cell above (cell `i + 1` above) plus 1 and the cell on its left plus 1, a cell
 * off the band being `limit + 1`. Capped so, a cell is exact wherever it is within the limit.
 */
export function bandTable(limit: number): BandTable {
  const kept = bandTables.get(limit);
  if (kept) return kept;
  const cells = 2 * limit + 1;
  const over = limit + 1;
  const bands = 1 << (2 * cells);
  const next = new Uint16Array(bands << cells);
  const smallest = new Uint8Array(bands);
  const cell = (band: number, index: number) =>
    index < 0 || index >= cells ? over : (band >> (2 * index)) & 3;
  for (let band = 0; band < bands; band++) {
    let least = over;
    for (let index = 0; index < cells; index++) least = Math.min(least, cell(band, index));
    smallest[band] = least;
    for (let equal = 0; equal < 1 << cells; equal++) {
      let made = 0;
      let left = over;
      for (let index = 0; index < cells; index++) {
        const value = Math.min(
          over,
          cell(band, index) + ((equal >> index) & 1 ? 0 : 1),
          cell(band, index + 1) + 1,
          left + 1,
        );
        made |= value << (2 * index);
        left = value;
      }
      next[(band << cells) | equal] = made;
    }
  }
  const table = { next, smallest };
  bandTables.set(limit, table);
  return table;
}

/** `band` with its cells from `valid` on set to `over`. */
function overPast(band: number, valid: number, cells: number, over: number): number {
  let result = band & ((1 << (2 * valid)) - 1);
  for (let index = valid; index < cells; index++) result |= over << (2 * index);
  return result;
}
