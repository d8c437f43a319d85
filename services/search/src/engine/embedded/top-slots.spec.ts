import { seededRandom as random } from '../spec-support';
import { topSlots, topSlotsByScore } from './top-slots';

describe('the first slots of a match', () => {
  it('are those sorting every slot gives, by score (ties by the tie-break) or any order', () => {
    const next = random(61);
    for (let round = 0; round < 200; round++) {
      const length = Math.floor(next() * 300);
      // Few distinct scores: many ties, which the tie-break orders.
      const scores = Array.from({ length: 400 }, () => Math.floor(next() * 8) / 4);
      const slots = Array.from({ length }, () => Math.floor(next() * 400));
      const distinct = [...new Set(slots)];
      const tieBreak = (a: number, b: number) => (a % 7) - (b % 7) || a - b;
      const compare = (a: number, b: number) => scores[b] - scores[a] || tieBreak(a, b);
      const count = Math.floor(next() * 25) - 2;
      const sorted = [...distinct].sort(compare).slice(0, Math.max(0, count));
      expect(topSlotsByScore(Int32Array.from(distinct), count, scores, tieBreak)).toEqual(sorted);
      expect(topSlots(distinct, count, compare)).toEqual(sorted);
    }
  });
});
