import fc from 'fast-check';
import { ISSUE_KEYS, toHundredths, type IssueKey } from '@upright/contracts';
import { rankIndustry } from './rank-industry';
import { rankIssues } from './rank-issues';
import type { RankableCompany, Weights } from './types';
import { EXTREME_WEIGHTINGS, whyThisRank } from './why-this-rank';

// Small score ranges and missing scores, so ties and forced last ranks are frequent.
const companiesArb = fc
  .array(
    fc.record({
      company_name: fc.constantFrom('Acme', 'Beta', 'Zed'),
      structure: fc.constantFrom<string | null>('Public', 'Public', 'Private'),
      alt_reporting: fc.constant(false),
      self_reporting: fc.boolean(),
      scores: fc.record(
        Object.fromEntries(
          ISSUE_KEYS.map((key) => [key, fc.option(fc.integer({ min: 0, max: 6 }), { freq: 5 })]),
        ) as Record<IssueKey, fc.Arbitrary<number | null>>,
      ),
    }),
    { minLength: 1, maxLength: 12 },
  )
  .map((list): RankableCompany[] => list.map((entry, i) => ({ ...entry, upright_cid: `c${i}` })));

/** Shown weights as averages are: 0–10 with 2 decimals. */
const shownArb = fc
  .tuple(...ISSUE_KEYS.map(() => fc.integer({ min: 0, max: 1000 })))
  .map(
    (hundredths) =>
      Object.fromEntries(ISSUE_KEYS.map((key, k) => [key, hundredths[k] / 100])) as Weights,
  );

const extreme = (mask: number) =>
  Object.fromEntries(ISSUE_KEYS.map((key, k) => [key, mask & (1 << k) ? 10 : 0])) as Weights;

/** The weighted rank of every company under `weights`, by the whole engine. */
function aranks(companies: readonly RankableCompany[], weights: Weights): Map<string, number> {
  const ranked = rankIndustry(companies, weights, null).ranked;
  return new Map(ranked.map((company) => [company.upright_cid, company.arank]));
}

describe('whyThisRank', () => {
  it('best ≤ shown ≤ worst, and the extremes are those of brute force over every weighting', () => {
    fc.assert(
      fc.property(companiesArb, shownArb, (companies, shown) => {
        const why = whyThisRank(rankIssues(companies), shown);
        const shownRanks = aranks(companies, shown);
        const brute = new Map(
          companies.map((c) => [c.upright_cid, [shownRanks.get(c.upright_cid)!]]),
        );
        for (let mask = 1; mask < EXTREME_WEIGHTINGS; mask++) {
          for (const [cid, rank] of aranks(companies, extreme(mask))) brute.get(cid)!.push(rank);
        }
        for (const entry of why) {
          expect(entry.rank).toBe(shownRanks.get(entry.upright_cid));
          expect(entry.best).toBeLessThanOrEqual(entry.rank);
          expect(entry.rank).toBeLessThanOrEqual(entry.worst);
          const seen = brute.get(entry.upright_cid)!;
          expect([entry.best, entry.worst]).toEqual([Math.min(...seen), Math.max(...seen)]);
        }
      }),
      { numRuns: 60 },
    );
  });

  it("each issue's contribution is its rank times its weight, and they add up to the sum", () => {
    fc.assert(
      fc.property(companiesArb, shownArb, (companies, shown) => {
        const ranking = rankIssues(companies);
        whyThisRank(ranking, shown).forEach((entry, i) => {
          const company = ranking.companies[i];
          let total = 0;
          for (const key of ISSUE_KEYS) {
            const expected = company[`${key}_rank`] * toHundredths(shown[key]);
            expect(toHundredths(entry.contributions[key])).toBe(expected);
            total += expected;
          }
          expect(toHundredths(entry.raw)).toBe(total);
        });
      }),
      { numRuns: 60 },
    );
  });

  it('covers 2⁹ weightings: one issue alone can make a company first or last', () => {
    // Company a is best on climate only, worst on everything else.
    const only = (climate: number, rest: number): RankableCompany['scores'] =>
      Object.fromEntries(
        ISSUE_KEYS.map((key) => [key, key === 'climate' ? climate : rest]),
      ) as RankableCompany['scores'];
    const companies: RankableCompany[] = ['a', 'b', 'c'].map((cid, i) => ({
      upright_cid: cid,
      company_name: cid,
      structure: 'Public',
      alt_reporting: false,
      self_reporting: false,
      scores: cid === 'a' ? only(0, 9) : only(5, i),
    }));
    const five = Object.fromEntries(ISSUE_KEYS.map((key) => [key, 5])) as Weights;
    const [a] = whyThisRank(rankIssues(companies), five);
    expect([a.best, a.rank, a.worst]).toEqual([1, 3, 3]);
  });
});
