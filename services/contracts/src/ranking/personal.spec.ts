import { ISSUE_KEYS, type IssueKey } from '../issues';
import { personalMoves, rankPersonally, type PersonallyRankable } from './personal';
import type { Weights } from '@upright/ranking-rules';

/** A company ranked 1 on every issue but those given. */
function company(
  upright_cid: string,
  ranks: Partial<Record<IssueKey, number>>,
): PersonallyRankable {
  return Object.fromEntries([
    ['upright_cid', upright_cid],
    ['company_name', upright_cid],
    ...ISSUE_KEYS.map((key) => [`${key}_rank`, ranks[key] ?? 1]),
  ]) as PersonallyRankable;
}

const ALL = [...ISSUE_KEYS];

const only = (issue: IssueKey): Weights =>
  Object.fromEntries(ISSUE_KEYS.map((key) => [key, key === issue ? 10 : 0])) as Weights;

describe('a member’s own moves (decision 0047)', () => {
  // Climate went round; tax stayed where it was.
  const previous = [
    company('a', { climate: 1, tax: 3 }),
    company('b', { climate: 2, tax: 1 }),
    company('c', { climate: 3, tax: 2 }),
  ];
  const now = [
    company('a', { climate: 3, tax: 3 }),
    company('b', { climate: 1, tax: 1 }),
    company('c', { climate: 2, tax: 2 }),
  ];
  const movesFor = (values: Weights) =>
    Object.fromEntries(
      personalMoves(rankPersonally(now, values, ALL).ranks, previous, values, ALL),
    );

  it('counts places gained in the member’s own ranking, the previous period weighed alike', () => {
    expect(movesFor(only('climate'))).toEqual({ a: -2, b: 1, c: 1 });
  });

  it('differs between members whose weights differ, on the same data', () => {
    expect(movesFor(only('tax'))).toEqual({ a: 0, b: 0, c: 0 });
  });

  it('leaves out a company new this period; one gone still held its place then', () => {
    const then = [...previous, company('gone', { climate: 1 })];
    const withNew = [...now, company('new', { climate: 4 })];
    const values = only('climate');
    const moves = personalMoves(rankPersonally(withNew, values, ALL).ranks, then, values, ALL);
    expect(moves.has('new')).toBe(false);
    // Then: a and gone shared 1st, b 3rd, c 4th; now: b 1st, c 2nd, a 3rd.
    expect(Object.fromEntries(moves)).toEqual({ a: -2, b: 2, c: 2 });
  });

  it('is empty without a previous period', () => {
    expect(
      personalMoves(rankPersonally(now, only('climate'), ALL).ranks, [], only('climate'), ALL).size,
    ).toBe(0);
  });
});

describe('a member’s ranking sums only the issues that apply (rules §5 rule 5)', () => {
  const companies = [
    company('a', { climate: 2, net_neutrality: 1 }),
    company('b', { climate: 1, net_neutrality: 3 }),
  ];
  const values = { ...only('climate'), net_neutrality: 10 };

  it('lets an issue outside the industry move no rank, in this period or the one before', () => {
    const applicable = ISSUE_KEYS.filter((key) => key !== 'net_neutrality');
    const { ranks, pranked } = rankPersonally(companies, values, applicable);
    expect(pranked).toEqual(['b', 'a']);
    expect(ranks.map((rank) => rank.raw)).toEqual([20, 10]);
    const swapped = [company('a', { climate: 1 }), company('b', { climate: 2 })];
    expect(Object.fromEntries(personalMoves(ranks, swapped, values, applicable))).toEqual({
      a: -1,
      b: 1,
    });
  });

  it('counts it where it applies', () => {
    expect(rankPersonally(companies, values, ALL).pranked).toEqual(['a', 'b']);
  });
});
