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
  /** The longest term's length, as of the last `commonPrefix`. */
  private longest = 0;
  /** The edit-distance rows of the walk, one per letter of the current term, reused by each. */
  private rows = new Int32Array(0);

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

  /** The terms within `limit` edits (Levenshtein) of `word`, in order, with their distance. */
  withinEdits(word: string, limit: number): Array<[string, number]> {
    const { terms } = this;
    const common = this.commonPrefixes();
    const width = word.length + 1;
    const rows = this.rowsFor(width);
    for (let column = 0; column < width; column++) rows[column] = column;
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
        let smallest = depth;
        const letter = term.charCodeAt(depth - 1);
        for (let column = 1; column < width; column++) {
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
        // No term beginning with these `pruned` letters can come back within the limit.
        at++;
        while (at < terms.length && common[at] >= pruned) at++;
        continue;
      }
      const distance = rows[term.length * width + word.length];
      if (distance <= limit) found.push([term, distance]);
      at++;
    }
    return found;
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
    this.longest = longest;
    this.commonPrefix = common;
    return common;
  }

  private rowsFor(width: number): Int32Array {
    const needed = (this.longest + 1) * width;
    if (this.rows.length < needed) this.rows = new Int32Array(needed * 2);
    return this.rows;
  }
}
