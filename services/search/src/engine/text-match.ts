import type { SearchFuzziness } from '@upright/contracts';
import { HIGHLIGHT_TAGS } from './engine';

/**
 * Text rules shared by the embedded engine, its highlighter and suggestion labels, written to
 * behave like the OpenSearch analyzers of `opensearch/mappings.ts` (lowercase, accents folded,
 * words split on anything that is not a letter or digit).
 */
const WORD = /[\p{L}\p{N}]+/gu;

/** ASCII has nothing to decompose or fold but case (and is most of what is indexed and typed). */
function isAscii(text: string): boolean {
  for (let at = 0; at < text.length; at++) if (text.charCodeAt(at) > 0x7f) return false;
  return true;
}

export function normalizeTerm(term: string): string {
  if (isAscii(term)) return term.toLowerCase();
  return term.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

export function tokenize(text: string): string[] {
  return (text.match(WORD) ?? []).map(normalizeTerm);
}

/** Lowercase with accents folded, punctuation kept: the `keyword` sub-field's normalizer. */
export function foldCase(text: string): string {
  return normalizeTerm(text.trim());
}

/** The whole value as one comparable string (the `keyword` normalizer of the mappings). */
export function normalizeWhole(text: string): string {
  return tokenize(text).join(' ');
}

/** OpenSearch's AUTO: 0 edits up to 2 characters, 1 up to 5, 2 beyond. */
export function maxEdits(fuzziness: SearchFuzziness, term: string): number {
  if (fuzziness !== 'AUTO') return fuzziness;
  if (term.length <= 2) return 0;
  return term.length <= 5 ? 1 : 2;
}

/** Two rows of the distance table, reused by every call (labels and highlights call it often). */
let rows = new Int32Array(64);

/** Damerau-free Levenshtein distance, stopping early once it exceeds `limit`. */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  const width = b.length + 1;
  if (rows.length < 2 * width) rows = new Int32Array(4 * width);
  let previous = 0;
  let current = width;
  for (let column = 0; column < width; column++) rows[column] = column;
  for (let i = 1; i <= a.length; i += 1) {
    const letter = a.charCodeAt(i - 1);
    rows[current] = i;
    let rowMin = i;
    for (let j = 1; j < width; j += 1) {
      const cost = letter === b.charCodeAt(j - 1) ? 0 : 1;
      const value = Math.min(
        rows[previous + j] + 1,
        rows[current + j - 1] + 1,
        rows[previous + j - 1] + cost,
      );
      rows[current + j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > limit) return limit + 1;
    [previous, current] = [current, previous];
  }
  return rows[previous + b.length];
}

export interface QueryTerm {
  term: string;
  edits: number;
  /** The last term of a query typed so far also matches as a prefix (search-as-you-type). */
  prefix: boolean;
}

export function queryTerms(value: string, fuzziness: SearchFuzziness): QueryTerm[] {
  const terms = tokenize(value);
  return terms.map((term, index) => ({
    term,
    edits: maxEdits(fuzziness, term),
    prefix: index === terms.length - 1,
  }));
}

export function tokenMatches(token: string, query: QueryTerm): boolean {
  if (token === query.term) return true;
  if (query.prefix && token.startsWith(query.term)) return true;
  return query.edits > 0 && editDistance(token, query.term, query.edits) <= query.edits;
}

/** Wraps every word of `value` that matches a query term in the highlight tags; null if none. */
export function highlightValue(value: string, terms: readonly QueryTerm[]): string | null {
  let matched = false;
  const marked = value.replace(WORD, (word) => {
    const token = normalizeTerm(word);
    if (!terms.some((term) => tokenMatches(token, term))) return word;
    matched = true;
    return `${HIGHLIGHT_TAGS.pre}${word}${HIGHLIGHT_TAGS.post}`;
  });
  return matched ? marked : null;
}

export function fieldValues(source: Record<string, unknown>, field: string): string[] {
  const value = source[field];
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === 'string');
  return typeof value === 'string' ? [value] : [];
}

/**
 * The value a suggestion shows: the first value (fields in the query's order) in which every
 * query term matches a word, else the first in which any does; null when none matches.
 */
export function bestMatchingValue(
  source: Record<string, unknown>,
  fields: readonly string[],
  terms: readonly QueryTerm[],
): string | null {
  let best: { value: string; count: number } | null = null;
  for (const field of fields) {
    for (const value of fieldValues(source, field)) {
      const tokens = tokenize(value);
      const count = terms.filter((term) =>
        tokens.some((token) => tokenMatches(token, term)),
      ).length;
      // The first value every term matches wins: no need to read the others.
      if (count === terms.length && count > 0) return value;
      if (count > (best?.count ?? 0)) best = { value, count };
    }
  }
  return best?.value ?? null;
}
