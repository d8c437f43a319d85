import fc from 'fast-check';
import { ISSUE_KEYS, type IssueKey } from './issues';
import { readIndustryOpenData } from './open-data';
import { differences, recompute } from './recompute';
import { openDataFile, uniformWeights } from './spec-support';
import type { Weights } from './weigh';

/** Rule 5–6 by their definition: sums of whole numbers, ranks as 1 + how many sums are lower. */
function oracle(
  ranks: readonly (readonly number[])[],
  weights: readonly number[],
  applies: readonly boolean[],
) {
  const sums = ranks.map((row) =>
    row.reduce((sum, rank, k) => (applies[k] ? sum + rank * weights[k] : sum), 0),
  );
  return sums.map((sum) => 1 + sums.filter((other) => other < sum).length);
}

const companiesArb = fc.array(
  fc.array(fc.integer({ min: 1, max: 30 }), { minLength: 9, maxLength: 9 }),
  {
    minLength: 1,
    maxLength: 30,
  },
);

describe('recompute an industry file (docs/product/rules.md#s5 rules 5, 6 and 9)', () => {
  it('ranks as the rules define, over the industry’s issues only', () => {
    fc.assert(
      fc.property(
        companiesArb,
        fc.array(fc.integer({ min: 0, max: 10 }), { minLength: 9, maxLength: 9 }),
        fc.subarray([...ISSUE_KEYS]),
        (ranks, weightList, listed) => {
          const companies = ranks.map((row, i) => ({
            cid: `c${i}`,
            name: `Company ${i}`,
            ranks: row,
          }));
          const weights = Object.fromEntries(
            ISSUE_KEYS.map((key, k) => [key, weightList[k]]),
          ) as Weights;
          const file = readIndustryOpenData(openDataFile(companies, { industryValues: listed }));
          const result = recompute(file, weights);
          const applies = ISSUE_KEYS.map((key) => listed.length === 0 || listed.includes(key));
          const byCid = new Map(result.ranks.map((rank) => [rank.upright_cid, rank]));
          const arank = oracle(ranks, weightList, applies);
          const normalized = oracle(ranks, Array(9).fill(1), applies);
          companies.forEach((company, i) => {
            expect(byCid.get(company.cid)).toMatchObject({
              arank: arank[i],
              normalized_rank: normalized[i],
              atied: arank.filter((rank) => rank === arank[i]).length > 1,
            });
          });
          const printed = result.ranks.map((rank) => rank.arank);
          expect(printed).toEqual([...printed].sort((a, b) => a - b));
        },
      ),
    );
  });

  it('sums decimal weights exactly: 0.1 and 0.2 weigh what 0.3 does', () => {
    const weights = { ...uniformWeights(0), climate: 0.1, tax: 0.2, lobbying: 0.3 } as Weights;
    // A ranks 1 on climate and tax, 2 on lobbying; B the other way round: 0.1 + 0.2 + 0.6 each.
    const ranks = (climateAndTax: number, lobbying: number) =>
      ISSUE_KEYS.map((key: IssueKey) =>
        key === 'lobbying' ? lobbying : key === 'climate' || key === 'tax' ? climateAndTax : 1,
      );
    const file = readIndustryOpenData(
      openDataFile([
        { cid: 'a', name: 'A', ranks: ranks(1, 2) },
        { cid: 'b', name: 'B', ranks: ranks(2, 1) },
      ]),
    );
    expect(recompute(file, weights).ranks).toMatchObject([
      { upright_cid: 'a', raw_arank: 0.9, arank: 1, atied: true },
      { upright_cid: 'b', raw_arank: 0.9, arank: 1, atied: true },
    ]);
  });

  it('lists every rank that differs from what the file states, and none when all are equal', () => {
    const companies = [
      { cid: 'a', name: 'A', ranks: Array(9).fill(1) },
      { cid: 'b', name: 'B', ranks: Array(9).fill(2) },
    ];
    const truth = recompute(readIndustryOpenData(openDataFile(companies)), uniformWeights(5));
    const stated = (cid: string) => truth.ranks.find((rank) => rank.upright_cid === cid)!;
    const honest = readIndustryOpenData(openDataFile(companies, { stated }));
    expect(differences(recompute(honest, honest.weights), honest)).toEqual([]);
    const tampered = readIndustryOpenData(
      openDataFile(companies, {
        stated: (cid) => (cid === 'b' ? { ...stated(cid), arank: 1, atied: true } : stated(cid)),
      }),
    );
    expect(differences(recompute(tampered, tampered.weights), tampered)).toEqual([
      'b arank: the file says 1, recomputed 2',
      'b atied: the file says true, recomputed false',
    ]);
  });

  it('names the field a file of another shape lacks', () => {
    const file = openDataFile([{ cid: 'a', name: 'A', ranks: Array(9).fill(1) }]);
    const ranked = (file.data as { result: { ranked: Record<string, unknown>[] } }).result.ranked;
    delete ranked[0].tax_rank;
    expect(() => readIndustryOpenData(file)).toThrow(
      'data.result.ranked[0].tax_rank is not a number',
    );
    expect(() => readIndustryOpenData([])).toThrow('the file is not an object');
  });
});
