import { seededRandom as random } from '../spec-support';
import { editDistance } from '../text-match';
import { Vocabulary } from './vocabulary';

/** Words of a four-letter alphabet: many share prefixes and lie within an edit or two. */
function word(next: () => number, longest = 9): string {
  const length = 1 + Math.floor(next() * longest);
  return Array.from({ length }, () => 'abcd'[Math.floor(next() * 4)]).join('');
}

/** The plain scans the vocabulary's walks replace. */
const reference = {
  withinEdits: (terms: readonly string[], typed: string, limit: number) =>
    [...terms]
      .sort()
      .map((term): [string, number] => [term, editDistance(term, typed, limit)])
      .filter(([, distance]) => distance <= limit),
  longerStartingWith: (terms: readonly string[], prefix: string) =>
    [...terms].sort().filter((term) => term.startsWith(prefix) && term !== prefix),
};

describe('the vocabulary of the embedded engine', () => {
  it('finds the same typos and prefixes as a scan of every term, across additions and removals', () => {
    const next = random(58);
    const vocabulary = new Vocabulary();
    const terms = new Set<string>();
    for (let round = 0; round < 40; round++) {
      if (round % 10 === 0) {
        // What a large change does: every term listed again at once.
        for (let added = 0; added < 150; added++) terms.add(word(next));
        vocabulary.replace(terms);
      } else {
        for (let change = 0; change < 8; change++) {
          const term = word(next);
          const present = next() < 0.6;
          if (present) terms.add(term);
          else terms.delete(term);
          vocabulary.update(term, present);
          // Removing a term twice, or adding it again, changes nothing.
          vocabulary.update(term, present);
        }
      }
      const listed = [...terms];
      expect(vocabulary.length).toBe(listed.length);
      for (let query = 0; query < 25; query++) {
        const typed = next() < 0.5 ? word(next) : listed[Math.floor(next() * listed.length)];
        for (const limit of [0, 1, 2, 3]) {
          expect({ typed, limit, found: vocabulary.withinEdits(typed, limit) }).toEqual({
            typed,
            limit,
            found: reference.withinEdits(listed, typed, limit),
          });
        }
        const prefix = typed.slice(0, 1 + Math.floor(next() * 3));
        expect(vocabulary.longerStartingWith(prefix)).toEqual(
          reference.longerStartingWith(listed, prefix),
        );
      }
    }
  });

  it('finds typos of words much longer or shorter than the terms (the band of the walk)', () => {
    const next = random(59);
    const terms = [...new Set(Array.from({ length: 400 }, () => word(next, 16)))];
    const vocabulary = new Vocabulary();
    vocabulary.replace(terms);
    for (let query = 0; query < 60; query++) {
      const typed = query % 2 === 0 ? word(next, 20) : terms[query];
      for (const limit of [1, 2, 3]) {
        expect({ typed, limit, found: vocabulary.withinEdits(typed, limit) }).toEqual({
          typed,
          limit,
          found: reference.withinEdits(terms, typed, limit),
        });
      }
    }
  });

  it('walks terms of any length and accents, and an empty vocabulary', () => {
    const vocabulary = new Vocabulary();
    expect(vocabulary.withinEdits('abc', 2)).toEqual([]);
    expect(vocabulary.longerStartingWith('a')).toEqual([]);
    const long = 'x'.repeat(300);
    const terms = ['été', 'ete', 'étés', long, `${long}y`, '東京', '東京電力'];
    vocabulary.replace(terms);
    expect(vocabulary.withinEdits('ete', 1)).toEqual(reference.withinEdits(terms, 'ete', 1));
    expect(vocabulary.withinEdits(`${long}yz`, 2)).toEqual([
      [long, 2],
      [`${long}y`, 1],
    ]);
    expect(vocabulary.withinEdits('東京', 2)).toEqual([
      ['東京', 0],
      ['東京電力', 2],
    ]);
    expect(vocabulary.longerStartingWith('東')).toEqual(['東京', '東京電力']);
  });
});
