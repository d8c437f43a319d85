import { SEARCH_APP_FIELDS, type CompanySearchDocument } from '@upright/contracts';
import { sampleCompanyDocuments } from '../../../bench/sample-companies';
import type { TextMatch } from '../engine';
import { seededRandom as random } from '../spec-support';
import { bestByScore, blockStarts, indexIn, TextIndex } from './text-index';

type Doc = Record<string, unknown> & { id: string };

const FIELDS = [
  { field: 'company_name', weight: 3 },
  { field: 'brands', weight: 1 },
  { field: 'subsidiaries', weight: 1 },
];
const BOOSTS = { exact: 5, name: 2 };

function newIndex(documents: readonly CompanySearchDocument[]): TextIndex {
  const index = new TextIndex(SEARCH_APP_FIELDS.companies.text);
  index.addAll(documents as unknown as Doc[]);
  return index;
}

function text(value: string, operator: 'or' | 'and' = 'or'): TextMatch {
  return { value, fields: FIELDS, fuzziness: 'AUTO', operator };
}

/** A match read in full (its arrays are reused by the next match). */
function scoresOf(index: TextIndex, match: TextMatch): Map<number, number> {
  const { slots, scores } = index.match(match, BOOSTS);
  return new Map(Array.from(slots, (slot) => [slot, scores[slot]]));
}

describe('the text index of the embedded engine', () => {
  const documents = sampleCompanyDocuments(3000);
  const index = newIndex(documents);
  const values = documents
    .filter((_, at) => at % 97 === 0)
    .flatMap((document) => {
      const [first, second = 'co'] = document.company_name.toLowerCase().split(' ');
      return [`${first} ${second[0]}`, `${first} ${second.slice(0, 2)}`, `${first} c`];
    });

  it('leaves out of a partial match only what its last word alone matches, scored the same', () => {
    let partials = 0;
    for (const value of [...values, 'c', 'g c', 'c c']) {
      const whole = scoresOf(index, text(value));
      const matched = index.match(text(value), BOOSTS, true);
      const slots = Array.from(matched.slots);
      const scores = new Map(slots.map((slot) => [slot, matched.scores[slot]]));
      expect({ value, scores }).toEqual({
        value,
        scores: new Map(slots.map((slot) => [slot, whole.get(slot)])),
      });
      expect(slots.length + (matched.rest?.count ?? 0)).toBe(whole.size);
      if (!matched.rest) continue;
      partials += 1;
      // The first 15 (or 300: more than are put in order first) by score, ties by slot, of the
      // whole match, from the partial one.
      const count = partials % 2 === 0 ? 15 : 300;
      const leading = matched.rest.leading(count);
      for (const slot of leading) {
        expect(scores.has(slot)).toBe(false);
        scores.set(slot, matched.scores[slot]);
      }
      const first = (candidates: Map<number, number>) =>
        [...candidates]
          .sort(([a, x], [b, y]) => y - x || a - b)
          .slice(0, count)
          .map(([slot, score]) => `${slot}:${score}`);
      expect({ value, first: first(scores) }).toEqual({ value, first: first(whole) });
    }
    // The comparison means something only if many values ran partially.
    expect(partials).toBeGreaterThan(values.length / 3);
  });

  it('matches in full a value of one word, a word typed twice, or words all to be matched', () => {
    expect(index.match(text('kor c'), BOOSTS, true).rest).not.toBeNull();
    expect(index.match(text('kor c'), BOOSTS).rest).toBeNull();
    expect(index.match(text('kor c', 'and'), BOOSTS, true).rest).toBeNull();
    expect(index.match(text('c'), BOOSTS, true).rest).toBeNull();
    expect(index.match(text('c c'), BOOSTS, true).rest).toBeNull();
  });

  it('scores after changes exactly as an index built afresh from the same documents', () => {
    const changing = newIndex(documents.slice(0, 2000));
    const probes = [...values.slice(0, 30), 'kor', 'c', 'g', 'group c'];
    // Asked before the changes: what is kept of them must not outlive them.
    for (const value of probes) changing.match(text(value), BOOSTS, true);
    changing.addAll(documents.slice(2000) as unknown as Doc[]);
    changing.removeAll(documents.slice(100, 200).map((document) => document.id));
    const afresh = newIndex([...documents.slice(0, 100), ...documents.slice(200)]);
    const byId = (from: TextIndex, scores: Map<number, number>) =>
      new Map([...scores].map(([slot, score]) => [from.document(slot).id, score]));
    for (const value of probes) {
      expect({ value, scores: byId(changing, scoresOf(changing, text(value))) }).toEqual({
        value,
        scores: byId(afresh, scoresOf(afresh, text(value))),
      });
    }
  });

  it('puts the best scores in order, with every tie of the last of them', () => {
    const next = random(63);
    for (let round = 0; round < 100; round++) {
      const scores = Float64Array.from(
        { length: Math.floor(next() * 300) },
        () => Math.floor(next() * (round % 2 === 0 ? 5 : 1000)) / 8,
      );
      const count = 1 + Math.floor(next() * 40);
      const best = Array.from(bestByScore(scores, count), (index) => scores[index]);
      const sorted = [...scores].sort((a, b) => b - a);
      const lowest = sorted[Math.min(count, sorted.length) - 1];
      expect(best).toEqual(sorted.filter((score) => score >= lowest));
    }
  });

  it('finds a slot among ascending slots by blocks of slots', () => {
    const next = random(62);
    for (let round = 0; round < 50; round++) {
      const slots = Int32Array.from(
        new Set(Array.from({ length: Math.floor(next() * 200) }, () => Math.floor(next() * 500))),
      ).sort();
      const blocks = blockStarts(slots);
      for (let slot = 0; slot < 600; slot++)
        expect(indexIn(slots, blocks, slot)).toBe(slots.indexOf(slot));
    }
  });
});
