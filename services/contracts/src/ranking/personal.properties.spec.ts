import fc from 'fast-check';
import { ISSUE_KEYS } from '../issues';
import {
  KeptRankedSet,
  personalMoves,
  rankPersonally,
  rawAt,
  type PersonallyRankable,
} from './personal';
import type { Weights } from '@upright/ranking-rules';

/** Companies with small issue ranks (many ties), some of them ranked in the other period too. */
const periodArb = fc.uniqueArray(
  fc.record({
    upright_cid: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz'.split('')),
    company_name: fc.constantFrom('Acme', 'acme', 'Beta', 'eBay', 'Exxon'),
    ranks: fc.tuple(...ISSUE_KEYS.map(() => fc.integer({ min: 1, max: 6 }))),
  }),
  { selector: (company) => company.upright_cid, maxLength: 20 },
);
const valuesArb = fc
  .tuple(...ISSUE_KEYS.map(() => fc.integer({ min: 0, max: 10 })))
  .map((values) => Object.fromEntries(ISSUE_KEYS.map((key, k) => [key, values[k]])) as Weights);

/** Any subset of the issues, in table order, as applicableIssues gives them. */
const applicableArb = fc.subarray([...ISSUE_KEYS]);

type Period = Array<{ upright_cid: string; company_name: string; ranks: number[] }>;
const rankable = (period: Period): PersonallyRankable[] =>
  period.map(
    ({ upright_cid, company_name, ranks }) =>
      Object.fromEntries([
        ['upright_cid', upright_cid],
        ['company_name', company_name],
        ...ISSUE_KEYS.map((key, k) => [`${key}_rank`, ranks[k]]),
      ]) as PersonallyRankable,
  );

describe('KeptRankedSet: a member’s weighting by position', () => {
  it('is what rankPersonally and personalMoves say, company by company', () => {
    fc.assert(
      fc.property(
        periodArb,
        periodArb,
        valuesArb,
        applicableArb,
        (nowPeriod, thenPeriod, values, applicable) => {
          const [now, then] = [rankable(nowPeriod), rankable(thenPeriod)];
          const weighed = new KeptRankedSet(now, then, applicable).weigh(values);
          const expected = rankPersonally(now, values, applicable);
          const moves = personalMoves(expected.ranks, then, values, applicable);
          expect(weighed.pranked).toEqual(expected.pranked);
          now.forEach((company, position) => {
            const { raw: rawPrank, rank, tied } = expected.ranks[position];
            expect({
              rawPrank: rawAt(weighed, position),
              rank: weighed.ranks[position],
              tied: weighed.tied[position],
              move: Number.isNaN(weighed.moves[position]) ? undefined : weighed.moves[position],
            }).toStrictEqual({ rawPrank, rank, tied, move: moves.get(company.upright_cid) });
          });
        },
      ),
    );
  });
});

describe('rankPersonally: the issues that apply (rules §5 rule 5)', () => {
  it('raw_prank = exact Σ rank × value over the applicable issues only', () => {
    fc.assert(
      fc.property(periodArb, valuesArb, applicableArb, (period, values, applicable) => {
        const companies = rankable(period);
        const { ranks } = rankPersonally(companies, values, applicable);
        companies.forEach((company, i) => {
          const sum = applicable.reduce(
            (total, key) => total + company[`${key}_rank`] * values[key],
            0,
          );
          expect(ranks[i].raw).toBe(sum);
        });
      }),
    );
  });
});
