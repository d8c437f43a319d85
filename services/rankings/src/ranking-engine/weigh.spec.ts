import { ISSUE_KEYS } from '@upright/contracts';
import { toHundredths } from '@upright/contracts';
import { company, rankAll, weights } from './spec-support';
import type { Weights } from './types';
import { weigh } from './weigh';

/** Three public companies; per-issue ranks noted beside each (every other issue: all tied at 1). */
const threeCompanies = rankAll([
  company('a', { scores: { climate: 1, tax: 3, lobbying: 2 } }), // climate 1, tax 3, lobbying 2
  company('b', { scores: { climate: 2, tax: 1, lobbying: 2 } }), // climate 2, tax 1, lobbying 2
  company('c', { scores: { climate: 3, tax: 2, lobbying: 1 } }), // climate 3, tax 2, lobbying 1
]);

function summary(result: ReturnType<typeof weigh>) {
  return result.map(({ upright_cid, raw, rank, tied }) => [upright_cid, raw, rank, tied]);
}

describe('weigh: averages (rule 6)', () => {
  it('sums rank × average weight exactly, to 2 decimals, and competition-ranks the sums', () => {
    const averages = weights({ climate: 5.33, tax: 4.5, lobbying: 7.25 }, 0);
    // a: 1×5.33 + 3×4.5 + 2×7.25 = 5.33 + 13.5 + 14.5 = 33.33
    // b: 2×5.33 + 1×4.5 + 2×7.25 = 10.66 + 4.5 + 14.5 = 29.66
    // c: 3×5.33 + 2×4.5 + 1×7.25 = 15.99 + 9 + 7.25 = 32.24
    expect(summary(weigh(threeCompanies, averages))).toEqual([
      ['a', 33.33, 3, false],
      ['b', 29.66, 1, false],
      ['c', 32.24, 2, false],
    ]);
  });

  it('gives equal weighted sums the same rank and flags them tied (1, 1, 3)', () => {
    const averages = weights({ climate: 2.5, tax: 1.25 }, 0);
    // a: 1×2.5 + 3×1.25 = 6.25, b: 2×2.5 + 1×1.25 = 6.25, c: 3×2.5 + 2×1.25 = 10
    expect(summary(weigh(threeCompanies, averages))).toEqual([
      ['a', 6.25, 1, true],
      ['b', 6.25, 1, true],
      ['c', 10, 3, false],
    ]);
  });
});

describe('weigh: member values (rule 7)', () => {
  it('weights ranks by integer member values 0–10', () => {
    const values = weights({ climate: 10, tax: 0, lobbying: 3 }, 5);
    // other six issues: all rank 1 × 5 = 30 each company
    // a: 30 + 10 + 0 + 6 = 46, b: 30 + 20 + 0 + 6 = 56, c: 30 + 30 + 0 + 3 = 63
    expect(summary(weigh(threeCompanies, values))).toEqual([
      ['a', 46, 1, false],
      ['b', 56, 2, false],
      ['c', 63, 3, false],
    ]);
  });

  it('changes the order when the member cares about a different issue', () => {
    const taxOnly = weights({ tax: 10 }, 0);
    expect(summary(weigh(threeCompanies, taxOnly)).map(([, , rank]) => rank)).toEqual([3, 1, 2]);
  });
});

describe('weigh: zero weights', () => {
  it('all-zero weights put everyone at raw 0, rank 1, tied', () => {
    expect(summary(weigh(threeCompanies, weights({}, 0)))).toEqual([
      ['a', 0, 1, true],
      ['b', 0, 1, true],
      ['c', 0, 1, true],
    ]);
  });

  it('a zero weight removes that issue from the comparison', () => {
    const withClimate = weights({ climate: 1, lobbying: 1 }, 0);
    // a: 1 + 2 = 3, b: 2 + 2 = 4, c: 3 + 1 = 4 → a ahead of b
    expect(summary(weigh(threeCompanies, withClimate)).map(([, , rank]) => rank)).toEqual([
      1, 2, 2,
    ]);
    const climateIgnored = weights({ climate: 0, lobbying: 1 }, 0);
    // a: 2, b: 2, c: 1
    expect(summary(weigh(threeCompanies, climateIgnored))).toEqual([
      ['a', 2, 2, true],
      ['b', 2, 2, true],
      ['c', 1, 1, false],
    ]);
  });

  it('a single company is rank 1 and not tied', () => {
    expect(summary(weigh(rankAll([company('solo')]), weights({}, 0)))).toEqual([
      ['solo', 0, 1, false],
    ]);
  });
});

describe('weigh: exact decimals (rule 8)', () => {
  // a: climate 1, exec_pay 1, lobbying 2; b: climate 2, exec_pay 2, lobbying 1; all else tied.
  const twoCompanies = rankAll([
    company('a', { scores: { climate: 1, exec_pay: 1, lobbying: 2 } }),
    company('b', { scores: { climate: 2, exec_pay: 2, lobbying: 1 } }),
  ]);
  const decimals = weights({ climate: 0.1, exec_pay: 0.2, lobbying: 0.3 }, 0);

  it('the example drifts in floats: naive sums differ although the exact sums are equal', () => {
    const naive = (ranks: number[]) => ranks[0] * 0.1 + ranks[1] * 0.2 + ranks[2] * 0.3;
    expect(naive([1, 1, 2])).not.toBe(naive([2, 2, 1])); // 0.9 vs 0.9000000000000001
  });

  it('0.1 and 0.2 beside 0.3 give equal sums, so equal ranks, tied', () => {
    // a: 0.1 + 0.2 + 0.6 = 0.9, b: 0.2 + 0.4 + 0.3 = 0.9
    expect(summary(weigh(twoCompanies, decimals))).toEqual([
      ['a', 0.9, 1, true],
      ['b', 0.9, 1, true],
    ]);
  });

  it('a weight computed as 0.1 + 0.2 weighs exactly like 0.3', () => {
    const drifted = weigh(threeCompanies, weights({ climate: 0.1 + 0.2 }, 0));
    const exact = weigh(threeCompanies, weights({ climate: 0.3 }, 0));
    expect(drifted).toEqual(exact);
    expect(exact.map(({ raw }) => raw)).toEqual([0.3, 0.6, 0.9]);
  });

  it('raw sums are numbers with at most 2 decimals', () => {
    const ranking = rankAll(
      Array.from({ length: 7 }, (_, i) => company(`c${i}`, { scores: { tax: i % 3, pay_gap: i } })),
    );
    for (const { raw } of weigh(ranking, weights({}, 3.33))) {
      expect(String(raw)).toMatch(/^\d+(\.\d{1,2})?$/);
    }
  });
});

describe('weigh: weights all 1', () => {
  it('raw equals raw_rank and rank equals normalized_rank', () => {
    const result = weigh(threeCompanies, weights({}, 1));
    threeCompanies.companies.forEach((entry, i) => {
      expect(result[i].raw).toBe(entry.raw_rank);
      expect(result[i].rank).toBe(entry.normalized_rank);
      expect(result[i].tied).toBe(entry.tied);
    });
  });
});

describe('weigh: input checks', () => {
  it.each([Number.NaN, -1, Number.POSITIVE_INFINITY])('rejects weight %p', (bad) => {
    expect(() => weigh(threeCompanies, weights({ tax: bad }, 1))).toThrow(RangeError);
  });

  it('rejects a missing weight', () => {
    const { climate: _absent, ...missing } = weights({}, 1);
    expect(() => weigh(threeCompanies, missing as Weights)).toThrow(/climate/);
  });

  it('rejects weights too large for exact integers', () => {
    expect(() => weigh(threeCompanies, weights({}, 1e13))).toThrow(RangeError);
  });

  it('returns an empty list for an empty set', () => {
    expect(weigh(rankAll([]), weights({}, 5))).toEqual([]);
  });

  it('uses every issue key', () => {
    for (const key of ISSUE_KEYS) {
      const only = weigh(threeCompanies, weights({ [key]: 1 }, 0));
      const entries = threeCompanies.companies.map((entry) => entry[`${key}_rank`]);
      expect(only.map(({ raw }) => raw)).toEqual(entries);
    }
  });
});

describe('toHundredths', () => {
  it.each([
    [0, 0],
    [5, 500],
    [10, 1000],
    [5.33, 533],
    [0.3, 30],
    [0.1 + 0.2, 30],
    [0.07, 7],
    [1.005, 101],
    [0.005, 1],
    [0.004, 0],
    [1e-7, 0],
    [1.5e-2, 2],
    [-2.5, -250],
    [123456.78, 12345678],
  ])('%p → %p', (value, expected) => {
    expect(toHundredths(value)).toBe(expected);
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY, 1e21])('rejects %p', (value) => {
    expect(() => toHundredths(value)).toThrow(RangeError);
  });
});
