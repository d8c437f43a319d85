import {
  bestMatchingValue,
  editDistance,
  highlightValue,
  maxEdits,
  normalizeWhole,
  queryTerms,
  tokenize,
} from './text-match';

describe('text matching of the embedded engine', () => {
  it('tokenizes like the folded analyzer: lowercase, accents folded, split on punctuation', () => {
    expect(tokenize('Nestlé S.A. & Co-op')).toEqual(['nestle', 's', 'a', 'co', 'op']);
    expect(normalizeWhole('  AT&T  Inc. ')).toBe('at t inc');
  });

  it('uses OpenSearch AUTO fuzziness: 0 edits up to 2 letters, 1 up to 5, then 2', () => {
    expect(['ab', 'abc', 'abcde', 'abcdef'].map((term) => maxEdits('AUTO', term))).toEqual([
      0, 1, 1, 2,
    ]);
    expect(maxEdits(1, 'abcdefgh')).toBe(1);
  });

  it('measures edit distance and stops beyond the limit', () => {
    expect(editDistance('globex', 'globx', 2)).toBe(1);
    expect(editDistance('kitten', 'sitting', 3)).toBe(3);
    expect(editDistance('a', 'abcdef', 1)).toBe(2);
  });

  it('highlights exact, prefix (last word) and fuzzy matches, keeping the original text', () => {
    const terms = queryTerms('acme glo', 1);
    expect(highlightValue('ACME Global, Acne Labs', terms)).toBe(
      '<mark>ACME</mark> <mark>Global</mark>, <mark>Acne</mark> Labs',
    );
    expect(highlightValue('Initech', terms)).toBeNull();
  });

  it('labels a suggestion with the value every typed word matches', () => {
    const source = { company_name: 'Globex Corporation', brands: ['Planet Express', 'Slurm'] };
    const fields = ['company_name', 'brands'];
    expect(bestMatchingValue(source, fields, queryTerms('planet ex', 0))).toBe('Planet Express');
    expect(bestMatchingValue(source, fields, queryTerms('globex', 0))).toBe('Globex Corporation');
    expect(bestMatchingValue(source, fields, queryTerms('nothing', 0))).toBeNull();
  });
});
