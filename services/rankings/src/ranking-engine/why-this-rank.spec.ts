import fc from 'fast-check';
import { ISSUE_KEYS, toHundredths, type IssueKey } from '@upright/contracts';
import { rankIndustry } from './rank-industry';
import { rankIssues } from './rank-issues';
import { ALL_ISSUES, rankAll } from './spec-support';
import type { RankableCompany, Weights } from './types';
import { whyThisRank } from './why-this-rank';

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

/** Any subset of the issues, in table order. */
const applicableArb = fc.subarray([...ISSUE_KEYS]);

/** All nine issues at 0 or 10 (bit k of `mask` for issue k). */
const extreme = (mask: number) =>
  Object.fromEntries(ISSUE_KEYS.map((key, k) => [key, mask & (1 << k) ? 10 : 0])) as Weights;

/** The weighted rank of every company under `weights`, by the whole engine. */
function aranks(
  companies: readonly RankableCompany[],
  applicable: readonly IssueKey[],
  weights: Weights,
): Map<string, number> {
  const ranked = rankIndustry(companies, applicable, weights, null).ranked;
  return new Map(ranked.map((company) => [company.upright_cid, company.arank]));
}

describe('whyThisRank', () => {
  it('best ≤ shown ≤ worst, and the extremes are those of brute force over every weighting', () => {
    fc.assert(
      fc.property(companiesArb, applicableArb, shownArb, (companies, applicable, shown) => {
        const why = whyThisRank(rankIssues(companies, applicable), shown);
        const shownRanks = aranks(companies, applicable, shown);
        const brute = new Map(
          companies.map((c) => [c.upright_cid, [shownRanks.get(c.upright_cid)!]]),
        );
        // Every 0/10 weighting of all nine issues, less those that weigh no applicable issue
        // (every company ties at 1 there, which says nothing).
        const weighsSomething = applicable.reduce(
          (bits, key) => bits | (1 << ISSUE_KEYS.indexOf(key)),
          0,
        );
        for (let mask = 1; mask < 1 << ISSUE_KEYS.length; mask++) {
          if ((mask & weighsSomething) === 0) continue;
          for (const [cid, rank] of aranks(companies, applicable, extreme(mask))) {
            brute.get(cid)!.push(rank);
          }
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

  it("each applicable issue's contribution is its rank times its weight, any other's 0, and they add up to the sum", () => {
    fc.assert(
      fc.property(companiesArb, applicableArb, shownArb, (companies, applicable, shown) => {
        const ranking = rankIssues(companies, applicable);
        whyThisRank(ranking, shown).forEach((entry, i) => {
          const company = ranking.companies[i];
          let total = 0;
          for (const key of ISSUE_KEYS) {
            const expected = applicable.includes(key)
              ? company[`${key}_rank`] * toHundredths(shown[key])
              : 0;
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
    const [a] = whyThisRank(rankAll(companies), five);
    expect([a.best, a.rank, a.worst]).toEqual([1, 3, 3]);
    // Where climate does not apply, no weighting lifts a.
    const [without] = whyThisRank(
      rankIssues(
        companies,
        ALL_ISSUES.filter((key) => key !== 'climate'),
      ),
      five,
    );
    expect([without.best, without.rank, without.worst]).toEqual([3, 3, 3]);
  });
});
