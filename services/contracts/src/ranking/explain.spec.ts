import { ISSUE_KEYS, type IssueKey } from '../issues';
import { applicableIssues, weighIssueRanks, type Weights } from '@upright/ranking-rules';
import { explainRank, weightsBasis } from './explain';
import type { PersonallyRankable } from './personal';

function company(
  upright_cid: string,
  ranks: Partial<Record<IssueKey, number>>,
  fallback = 1,
): PersonallyRankable {
  return Object.fromEntries([
    ['upright_cid', upright_cid],
    ['company_name', upright_cid.toUpperCase()],
    ...ISSUE_KEYS.map((key) => [`${key}_rank`, ranks[key] ?? fallback]),
  ]) as PersonallyRankable;
}

const all = (value: number): Weights =>
  Object.fromEntries(ISSUE_KEYS.map((key) => [key, value])) as Weights;

describe('applicable issues (decision 0054)', () => {
  it('keeps the listed issues in the order of the issue table', () => {
    expect(applicableIssues(['tax', 'climate', 'unknown'])).toEqual(['climate', 'tax']);
  });

  it('takes every issue when the industry lists none', () => {
    expect(applicableIssues([])).toEqual([...ISSUE_KEYS]);
  });
});

describe('whose weights (rules §16)', () => {
  it('names a member’s own weights "personal" whatever they are', () => {
    expect(weightsBasis(all(5), true)).toBe('personal');
  });

  it('calls weights that are all the same "equal", and any other visitors’ weights the members’', () => {
    expect(weightsBasis(all(5), false)).toBe('equal');
    expect(weightsBasis({ ...all(5), tax: 5.01 }, false)).toBe('members');
  });
});

describe('why this rank', () => {
  // Net neutrality does not apply, and c leads there: it must not lift c (rules §5 rule 5).
  const applicable = ISSUE_KEYS.filter((key) => key !== 'net_neutrality');
  const companies = [
    company('a', { climate: 1, tax: 1, net_neutrality: 3 }),
    company('b', { climate: 3, tax: 2, net_neutrality: 2 }),
    company('c', { climate: 2, tax: 3, net_neutrality: 1 }),
  ];
  const weights: Weights = { ...all(5), climate: 10, tax: 2.5 };

  it('adds up, bar by bar, to the weighted sum and rank the engine gives', () => {
    const engine = weighIssueRanks(companies, weights, companies.length, applicable);
    for (const [i, entry] of companies.entries()) {
      const why = explainRank(companies, weights, applicable, entry.upright_cid)!;
      expect(why.rank).toBe(engine[i].rank);
      expect(why.raw).toBe(engine[i].raw);
      const barSum = why.bars.reduce((sum, bar) => sum + Math.round(bar.points * 100), 0);
      expect(barSum).toBe(Math.round(why.raw * 100));
    }
  });

  it('shows only applicable issues, with rank, weight and rank × weight', () => {
    const why = explainRank(companies, weights, applicable, 'b')!;
    expect(why.bars.map((bar) => bar.issue)).toEqual(applicable);
    expect(why.bars.find((bar) => bar.issue === 'tax')).toEqual({
      issue: 'tax',
      rank: 2,
      weight: 2.5,
      points: 5,
      gap_to_first: 2.5,
      gap_to_median: 0,
    });
  });

  it('gives the gaps to #1 and to the median, and the issues that make most of the gap', () => {
    const why = explainRank(companies, weights, applicable, 'b')!;
    // The six other applicable issues: rank 1 × 5 each.
    expect(why.first).toEqual({ upright_cid: 'a', company_name: 'A', raw: 10 + 2.5 + 30 });
    expect(why.gap_to_first).toBe(20 + 2.5);
    // b: 30 + 5 + 30 = 65; c: 20 + 7.5 + 30 = 57.5, the median.
    expect(why.median_raw).toBe(57.5);
    expect(why.gap_to_median).toBe(7.5);
    expect(why.main_gap_issues).toEqual(['climate']);
    expect(explainRank(companies, weights, applicable, 'a')!.main_gap_issues).toEqual([]);
  });

  it('lets an issue that does not apply change no rank, where it would if it applied', () => {
    const lopsided = [company('a', { climate: 2 }), company('b', { net_neutrality: 2 })];
    const heavy = { ...all(0), climate: 1, net_neutrality: 10 };
    expect(explainRank(lopsided, heavy, applicable, 'a')!.rank).toBe(2);
    expect(explainRank(lopsided, heavy, [...ISSUE_KEYS], 'a')!.rank).toBe(1);
  });

  it('answers null for a company outside the set', () => {
    expect(explainRank(companies, weights, applicable, 'z')).toBeNull();
  });
});
