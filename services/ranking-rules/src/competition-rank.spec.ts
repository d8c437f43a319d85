import fc from 'fast-check';
import { competitionRanks } from './competition-rank';

/** The definition, spelled out in O(n²): 1 + how many values are strictly smaller. */
const oracle = (values: readonly number[]) =>
  values.map((value) => 1 + values.filter((other) => other < value).length);

describe('competitionRanks', () => {
  it('ranks weighted sums (integers up to 2³²−1, radix-sorted) as the definition says', () => {
    // Few distinct values spread over every digit of the radix sort: ties in every pass.
    const sum = fc.oneof(
      fc.integer({ min: 0, max: 3 }),
      fc.constantFrom(2047, 2048, 4_194_303, 4_194_304, 0xfffffffe, 0xffffffff),
      fc.integer({ min: 0, max: 0xffffffff }),
    );
    fc.assert(
      fc.property(fc.array(sum, { maxLength: 60 }), (values) => {
        expect([...competitionRanks(values)]).toEqual(oracle(values));
      }),
    );
  });

  it('ranks any other numbers (fractions, negatives, beyond 2³²) the same way', () => {
    const score = fc.oneof(
      fc.constantFrom(-1, 0.5, 2 ** 32, 2 ** 40 + 1),
      fc.integer({ min: -3, max: 3 }),
      fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 }),
    );
    fc.assert(
      fc.property(fc.array(score, { maxLength: 40 }), (values) => {
        expect([...competitionRanks(values)]).toEqual(oracle(values));
      }),
    );
  });
});
