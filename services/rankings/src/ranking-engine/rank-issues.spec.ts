import { DISCLOSURE_DEPENDENT_ISSUES, ISSUE_KEYS, type IssueKey } from '@upright/contracts';
import { rankField, tiedField } from './issue-fields';
import { rankIssues } from './rank-issues';
import { company, rankAll } from './spec-support';
import type { IssueRanking, RankableCompany } from './types';

/** `[rank, tied]` per company on one issue, in input order. */
function onIssue(ranking: IssueRanking, key: IssueKey): [number, boolean][] {
  return ranking.companies.map((entry) => [entry[rankField(key)], entry[tiedField(key)]]);
}

function byCid(ranking: IssueRanking, cid: string) {
  const entry = ranking.companies.find((candidate) => candidate.upright_cid === cid);
  if (entry === undefined) throw new Error(`no ${cid}`);
  return entry;
}

const NON_CLIMATE_KEYS = ISSUE_KEYS.filter((key) => key !== 'climate');
const ALWAYS_BY_SCORE = ISSUE_KEYS.filter((key) => !DISCLOSURE_DEPENDENT_ISSUES.includes(key));

describe('rankIssues: competition ranking per issue (rule 1)', () => {
  const ranking = rankAll([
    company('a', { scores: { lobbying: 30 } }),
    company('b', { scores: { lobbying: 10 } }),
    company('c', { scores: { lobbying: 20 } }),
    company('d', { scores: { lobbying: 20 } }),
  ]);

  it('orders by score ascending with standard competition ranks 1, 2, 2, 4', () => {
    expect(onIssue(ranking, 'lobbying').map(([rank]) => rank)).toEqual([4, 1, 2, 2]);
  });

  it('flags both companies of a shared rank as tied, and no one else', () => {
    expect(onIssue(ranking, 'lobbying').map(([, tied]) => tied)).toEqual([
      false,
      false,
      true,
      true,
    ]);
  });

  it('ties every company when all scores are equal', () => {
    expect(onIssue(ranking, 'climate')).toEqual([
      [1, true],
      [1, true],
      [1, true],
      [1, true],
    ]);
  });

  it('ranks negative and fractional scores by value', () => {
    const result = rankAll([
      company('a', { scores: { tax: 0.5 } }),
      company('b', { scores: { tax: -2 } }),
      company('c', { scores: { tax: 0.25 } }),
    ]);
    expect(onIssue(result, 'tax').map(([rank]) => rank)).toEqual([3, 1, 2]);
  });

  it('sets lowestRank to n', () => {
    expect(ranking.lowestRank).toBe(4);
    expect(rankAll([]).lowestRank).toBe(0);
  });
});

describe('rankIssues: missing climate score counts as 1500 (rule 2)', () => {
  it('ranks a missing climate score as 1500: it beats 2000 and loses to 1000', () => {
    const ranking = rankAll([
      company('missing', { scores: { climate: null } }),
      company('worse', { scores: { climate: 2000 } }),
      company('better', { scores: { climate: 1000 } }),
    ]);
    expect(onIssue(ranking, 'climate')).toEqual([
      [2, false],
      [3, false],
      [1, false],
    ]);
  });

  it('ties a missing climate score with a real 1500', () => {
    const ranking = rankAll([
      company('missing', { scores: { climate: null } }),
      company('real', { scores: { climate: 1500 } }),
      company('worst', { scores: { climate: 1501 } }),
    ]);
    expect(onIssue(ranking, 'climate')).toEqual([
      [1, true],
      [1, true],
      [3, false],
    ]);
  });

  it('applies to private companies too (climate is not disclosure-dependent)', () => {
    const ranking = rankAll([
      company('private', { structure: 'Private', scores: { climate: null } }),
      company('public', { scores: { climate: 2000 } }),
    ]);
    expect(onIssue(ranking, 'climate').map(([rank]) => rank)).toEqual([1, 2]);
  });
});

describe('rankIssues: any other missing score gets rank L (rule 3)', () => {
  it.each(NON_CLIMATE_KEYS)('%s: missing → L = n, the others rank among themselves', (key) => {
    const ranking = rankAll([
      company('missing', { scores: { [key]: null } }),
      company('high', { scores: { [key]: 9000 } }),
      company('low', { scores: { [key]: -5 } }),
    ]);
    expect(onIssue(ranking, key)).toEqual([
      [3, false],
      [2, false],
      [1, false],
    ]);
  });

  it('gives every missing company rank L and flags them tied with each other', () => {
    const ranking = rankAll([
      company('m1', { scores: { lobbying: null } }),
      company('scored', { scores: { lobbying: 7 } }),
      company('m2', { scores: { lobbying: null } }),
      company('m3', { scores: { lobbying: null } }),
    ]);
    expect(onIssue(ranking, 'lobbying')).toEqual([
      [4, true],
      [1, false],
      [4, true],
      [4, true],
    ]);
  });

  it('treats an absent score key like null', () => {
    const { tax: _absent, ...withoutTax } = company('a').scores;
    const ranking = rankAll([
      { ...company('a'), scores: withoutTax as RankableCompany['scores'] },
      company('b', { scores: { tax: 100 } }),
    ]);
    expect(byCid(ranking, 'a').tax_rank).toBe(2);
  });
});

describe('rankIssues: undisclosed non-public companies get L on six issues (rule 4)', () => {
  const undisclosed = (cid: string, structure: string | null) =>
    company(cid, { structure, scores: Object.fromEntries(ISSUE_KEYS.map((key) => [key, -100])) });

  it.each(DISCLOSURE_DEPENDENT_ISSUES)('%s: best score still ranks L', (key) => {
    const ranking = rankAll([
      undisclosed('private', 'Private'),
      company('public1', { scores: { [key]: 50 } }),
      company('public2', { scores: { [key]: 60 } }),
    ]);
    expect(onIssue(ranking, key)).toEqual([
      [3, false],
      [1, false],
      [2, false],
    ]);
  });

  it.each(ALWAYS_BY_SCORE)('%s: ranked by score (not disclosure-dependent)', (key) => {
    const ranking = rankAll([
      undisclosed('private', 'Private'),
      company('public1', { scores: { [key]: 50 } }),
      company('public2', { scores: { [key]: 60 } }),
    ]);
    expect(onIssue(ranking, key).map(([rank]) => rank)).toEqual([1, 2, 3]);
  });

  it.each([null, 'Private', 'public', 'Public ', ''])(
    'structure %p is not "Public": forced to L',
    (structure) => {
      const ranking = rankAll([undisclosed('x', structure), company('y', { scores: { tax: 1 } })]);
      expect(byCid(ranking, 'x').tax_rank).toBe(2);
    },
  );

  it.each([
    ['alt_reporting', { alt_reporting: true }],
    ['self_reporting', { self_reporting: true }],
    ['both', { alt_reporting: true, self_reporting: true }],
  ])('with %s the scores count', (_label, reporting) => {
    const ranking = rankAll([
      company('private', { structure: 'Private', ...reporting, scores: { pay_gap: 1, tax: 1 } }),
      company('public', { scores: { pay_gap: 2, tax: 2 } }),
    ]);
    expect(byCid(ranking, 'private').pay_gap_rank).toBe(1);
    expect(byCid(ranking, 'private').tax_rank).toBe(1);
  });

  it('a reporting private company with a missing score still gets L (rule 3)', () => {
    const ranking = rankAll([
      company('private', { structure: 'Private', self_reporting: true, scores: { tax: null } }),
      company('public', { scores: { tax: 2 } }),
    ]);
    expect(byCid(ranking, 'private').tax_rank).toBe(2);
  });

  it('forced companies share L and are tied with each other; a lone forced one is not tied', () => {
    const two = rankAll([
      undisclosed('p1', 'Private'),
      company('public', { scores: { repurchases: 5 } }),
      undisclosed('p2', null),
    ]);
    expect(onIssue(two, 'repurchases')).toEqual([
      [3, true],
      [1, false],
      [3, true],
    ]);
    const one = rankAll([undisclosed('p1', 'Private'), company('public')]);
    expect(onIssue(one, 'repurchases')).toEqual([
      [2, false],
      [1, false],
    ]);
  });

  it('a forced company and a missing-score company share L and are tied', () => {
    const ranking = rankAll([
      undisclosed('private', 'Private'),
      company('missing', { scores: { diverse_rep: null } }),
      company('scored', { scores: { diverse_rep: 3 } }),
    ]);
    expect(onIssue(ranking, 'diverse_rep')).toEqual([
      [3, true],
      [3, true],
      [1, false],
    ]);
  });

  it('when everyone is forced, everyone shares L', () => {
    const ranking = rankAll([undisclosed('a', null), undisclosed('b', null)]);
    expect(onIssue(ranking, 'price_inflation')).toEqual([
      [2, true],
      [2, true],
    ]);
  });
});

describe('rankIssues: raw_rank and normalized_rank (rule 5)', () => {
  const ranking = rankAll([
    // climate 1, lobbying 4, the seven other issues all tied at 1 → raw 1 + 4 + 7 = 12
    company('a', { scores: { climate: 1, lobbying: 9 } }),
    // climate 2 (tied with d), lobbying 1 (tied with d) → raw 2 + 1 + 7 = 10
    company('b', { scores: { climate: 2, lobbying: 1 } }),
    // climate 4, lobbying 3 → raw 4 + 3 + 7 = 14
    company('c', { scores: { climate: 3, lobbying: 2 } }),
    // same as b → raw 10
    company('d', { scores: { climate: 2, lobbying: 1 } }),
  ]);

  it('raw_rank is the sum of the nine issue ranks when every issue applies', () => {
    expect(ranking.companies.map((entry) => entry.raw_rank)).toEqual([12, 10, 14, 10]);
    for (const entry of ranking.companies) {
      const sum = ISSUE_KEYS.reduce((total, key) => total + entry[rankField(key)], 0);
      expect(entry.raw_rank).toBe(sum);
    }
  });

  it('normalized_rank is the competition rank of raw_rank, tied when shared', () => {
    expect(ranking.companies.map((entry) => [entry.normalized_rank, entry.tied])).toEqual([
      [3, false],
      [1, true],
      [4, false],
      [1, true],
    ]);
  });

  it('includes forced L ranks in raw_rank', () => {
    const result = rankAll([
      company('private', { structure: 'Private', scores: { climate: 5 } }),
      company('public', { scores: { climate: 1 } }),
    ]);
    // private: climate 2, six forced issues at L = 2, two others tied at 1 → 2 + 12 + 2 = 16
    expect(byCid(result, 'private').raw_rank).toBe(16);
    // public: climate 1, everything else 1 → 9
    expect(byCid(result, 'public').raw_rank).toBe(9);
  });

  it('sums only the issues that apply to the industry; the others are still ranked', () => {
    // a leads on net neutrality alone, b on climate alone: with net neutrality left out, b leads.
    const companies = [
      company('a', { scores: { climate: 2, net_neutrality: 1 } }),
      company('b', { scores: { climate: 1, net_neutrality: 9 } }),
    ];
    const withoutNeutrality = ISSUE_KEYS.filter((key) => key !== 'net_neutrality');
    const ranking = rankIssues(companies, withoutNeutrality);
    expect(ranking.applicable).toEqual(withoutNeutrality);
    expect(ranking.companies.map((entry) => [entry.raw_rank, entry.normalized_rank])).toEqual([
      [2 + 7, 2],
      [1 + 7, 1],
    ]);
    expect(ranking.companies.map((entry) => entry.net_neutrality_rank)).toEqual([1, 2]);
    expect(rankIssues(companies, ['net_neutrality', 'climate']).applicable).toEqual([
      'climate',
      'net_neutrality',
    ]);
  });
});

describe('rankIssues: shape and input handling', () => {
  it('keeps input order, carries cid and name, and has every issue field', () => {
    const ranking = rankAll([
      company('z', { company_name: 'Zed' }),
      company('a', { company_name: 'Ay' }),
    ]);
    expect(ranking.companies.map((entry) => [entry.upright_cid, entry.company_name])).toEqual([
      ['z', 'Zed'],
      ['a', 'Ay'],
    ]);
    expect(Object.keys(ranking.companies[0]).sort()).toEqual(
      [
        'upright_cid',
        'company_name',
        ...ISSUE_KEYS.flatMap((key) => [rankField(key), tiedField(key)]),
        'raw_rank',
        'normalized_rank',
        'tied',
      ].sort(),
    );
  });

  it('is plain data that survives a JSON round trip (cacheable)', () => {
    const ranking = rankAll([company('a', { scores: { tax: 2 } }), company('b')]);
    expect(JSON.parse(JSON.stringify(ranking))).toEqual(ranking);
  });

  it('rejects duplicate upright_cid values', () => {
    expect(() => rankAll([company('a'), company('a')])).toThrow(RangeError);
  });

  it('rejects NaN scores', () => {
    expect(() => rankAll([company('a', { scores: { tax: Number.NaN } })])).toThrow(RangeError);
  });

  it('ranks an empty set to an empty list', () => {
    expect(rankAll([])).toEqual({
      lowestRank: 0,
      applicable: ISSUE_KEYS,
      companies: [],
      nameOrder: [],
    });
  });
});
