import { ISSUE_KEYS, type IssueWeights } from '@upright/contracts';
import { rankIndustry } from '../ranking-engine';
import { toCompany, toCompanyScores, toRankable } from './company-rows';
import { rankedSetOf } from './ranked-sets.service';
import { memberRow } from './spec-support';

function weights(given: Partial<IssueWeights> = {}, fill = 5): IssueWeights {
  return {
    ...(Object.fromEntries(ISSUE_KEYS.map((key) => [key, fill])) as IssueWeights),
    ...given,
  };
}

/** A tie (A, B), a missing climate score (C), a private company without reporting (D). */
const rows = [
  memberRow('A', { climateScore: 10, usTaxScore: 1 }),
  memberRow('B', { climateScore: 10, usTaxScore: 1 }),
  memberRow('C', { climateScore: null, usTaxScore: 50, execCompScore: 1 }),
  memberRow(
    'D',
    { climateScore: 1, usTaxScore: 0, execCompScore: 0 },
    { structure: 'Private', companyName: 'Dunmore' },
  ),
];
const period = { period_year: 2026, period_qrt: 1 };

describe('RankedSet', () => {
  const averages = weights();

  it('ranks exactly as the engine does on the same companies', () => {
    const set = rankedSetOf(period, rows, ISSUE_KEYS);
    const engine = rankIndustry(
      rows.map((row) => toRankable(toCompany(row), toCompanyScores(row.scores[0]))),
      ISSUE_KEYS,
      averages,
      null,
    );
    const lists = set.industryLists(averages);
    const ranksOf = (list: readonly { upright_cid: string; normalized_rank: number }[]) =>
      list.map(({ upright_cid, normalized_rank }) => [upright_cid, normalized_rank]);
    expect(ranksOf(lists.ranked)).toEqual(ranksOf(engine.ranked));
    expect(lists.aranked).toEqual(engine.aranked.map((c) => c.upright_cid));
    const byCid = new Map(lists.ranked.map((company) => [company.upright_cid, company]));
    expect(lists.aranked.map((id) => [id, byCid.get(id)!.arank, byCid.get(id)!.raw_arank])).toEqual(
      engine.aranked.map((c) => [c.upright_cid, c.arank, c.raw_arank]),
    );
    expect(lists.pranked).toBeNull();
    expect(lists.none).toBe(false);
  });

  it('applies the spec rules seen through the mapping', () => {
    const lists = set().industryLists(averages);
    const byCid = new Map(lists.ranked.map((company) => [company.upright_cid, company]));
    // D (private, not reporting) takes no part on tax, so the tie of A and B is for first.
    expect(byCid.get('A')).toMatchObject({ tax_rank: 1, tax_tied: true });
    expect(byCid.get('B')).toMatchObject({ tax_rank: 1, tax_tied: true });
    // Missing climate counts as 1500: behind everyone.
    expect(byCid.get('C')).toMatchObject({ climate_rank: 4, climate_tied: false });
    // Private without reporting: lowest rank on tax despite the best score.
    expect(byCid.get('D')).toMatchObject({ tax_rank: 4, exec_pay_rank: 4, climate_rank: 1 });
  });

  it('gives each company once with its fields and scores; aranked names them by id', () => {
    const lists = set().industryLists(averages);
    const a = lists.ranked.find((company) => company.upright_cid === 'A')!;
    expect(a).toMatchObject({
      _id: 'A',
      company_name: 'Company A',
      slug: 'company-a',
      industries: ['widgets'],
      companies_scores: { period_year: 2026, period_qrt: 1, climate_score: 10, us_tax_score: 1 },
    });
    expect(a).toMatchObject({ raw_prank: null, prank: null, ptied: null });
    expect([...lists.aranked].sort()).toEqual(['A', 'B', 'C', 'D']);
    expect(lists.pranked).toBeNull();
  });

  it('keeps the lists per averages object', () => {
    const rankedSet = set();
    const visitor = rankedSet.industryLists(averages);
    expect(rankedSet.industryLists(averages)).toBe(visitor);
    expect(rankedSet.industryLists(weights())).not.toBe(visitor);
  });

  it('answers one company’s ranks from the same ranking', () => {
    const rankedSet = set();
    const lists = rankedSet.industryLists(averages);
    const c = lists.ranked.find((company) => company.upright_cid === 'C')!;
    const ranks = rankedSet.ranksOf('C', averages)!;
    expect(ranks).toMatchObject({
      climate_rank: c.climate_rank,
      normalized_rank: c.normalized_rank,
      arank: c.arank,
      prank: null,
      companies_scores: c.companies_scores,
      period,
      lowestRank: 4,
    });
    expect(ranks).not.toHaveProperty('company_name');
    expect(rankedSet.ranksOf('nobody', averages)).toBeNull();
  });

  it('lists the top companies on an issue or on normalized_rank', () => {
    const rankedSet = set();
    expect(rankedSet.top('climate', false, 2).map((c) => c.upright_cid)).toEqual(['D', 'A']);
    expect(rankedSet.top('tax', false, 10).map((c) => c.upright_cid)).toEqual(['A', 'B', 'C', 'D']);
    const overall = rankedSet.top('overall', false, 4).map((c) => c.upright_cid);
    expect(rankedSet.top('climate', true, 4).map((c) => c.upright_cid)).toEqual(overall);
    const sortedByNormalized = [...rankedSet.industryLists(averages).ranked].map(
      (c) => c.upright_cid,
    );
    expect(overall).toEqual(sortedByNormalized);
    expect(rankedSet.top('tax', false, 1)[0]).toMatchObject({
      company_name: 'Company A',
      companies_scores: { us_tax_score: 1 },
      tax_rank: 1,
    });
  });

  it('gives each company’s rank on a top list’s value, for a report’s change since then', () => {
    const rankedSet = set();
    const climate = Object.fromEntries(rankedSet.ranksOn('climate', false));
    expect(climate).toEqual({ A: 2, B: 2, C: 4, D: 1 });
    const overall = Object.fromEntries(
      rankedSet.industryLists(averages).ranked.map((c) => [c.upright_cid, c.normalized_rank]),
    );
    expect(Object.fromEntries(rankedSet.ranksOn('overall', false))).toEqual(overall);
    expect(Object.fromEntries(rankedSet.ranksOn('climate', true))).toEqual(overall);
  });

  it('gives history the ranks of every company without names or personal fields', () => {
    const rankedSet = set();
    const history = rankedSet.historicRanks(averages);
    const lists = rankedSet.industryLists(averages);
    expect(history.map((c) => c.upright_cid)).toEqual(lists.ranked.map((c) => c.upright_cid));
    for (const entry of history) {
      const own = lists.ranked.find((c) => c.upright_cid === entry.upright_cid)!;
      expect(entry).toMatchObject({ normalized_rank: own.normalized_rank, arank: own.arank });
      expect(entry).not.toHaveProperty('company_name');
      expect(entry).not.toHaveProperty('prank');
    }
  });

  it('counts moves since the previous set: places gained, null for new companies', () => {
    // Earlier, C was best on everything and A was worst; B was not ranked.
    const earlier = rankedSetOf(
      { period_year: 2025, period_qrt: 4 },
      [
        memberRow('A', { climateScore: 90, usTaxScore: 90 }, {}, [2025, 4]),
        memberRow('C', { climateScore: 1, usTaxScore: 1 }, {}, [2025, 4]),
        memberRow('D', { climateScore: 50, usTaxScore: 50 }, { structure: 'Private' }, [2025, 4]),
      ],
      ISSUE_KEYS,
    );
    const now = set();
    const moves = now.movesSince(earlier, averages);
    const nowRanks = new Map(now.historicRanks(averages).map((c) => [c.upright_cid, c]));
    const thenRanks = new Map(earlier.historicRanks(averages).map((c) => [c.upright_cid, c]));
    for (const cid of ['A', 'C', 'D']) {
      expect(moves[cid]).toEqual({
        normalized_rank: thenRanks.get(cid)!.normalized_rank - nowRanks.get(cid)!.normalized_rank,
        arank: thenRanks.get(cid)!.arank - nowRanks.get(cid)!.arank,
        // A member's own move is the BFF's (decision 0047).
        prank: null,
      });
    }
    expect(moves.A.normalized_rank).toBeGreaterThan(0);
    expect(moves.C.normalized_rank).toBeLessThan(0);
    expect(moves.B).toEqual({ normalized_rank: null, arank: null, prank: null });
    expect(now.movesSince(null, averages).A).toEqual({
      normalized_rank: null,
      arank: null,
      prank: null,
    });
  });

  it('explains a rank on the industry’s issues only, its bars adding up to raw_arank', () => {
    const listed = ISSUE_KEYS.filter((key) => key !== 'net_neutrality');
    // B would lead on net neutrality; the industry is not scored on it.
    const lopsided = rankedSetOf(
      period,
      [
        memberRow('A', { climateScore: 1, netNeutralityScore: 9 }),
        memberRow('B', { climateScore: 2, netNeutralityScore: 1 }),
      ],
      listed,
    );
    const heavy = weights({ net_neutrality: 10 }, 1);
    const ranked = lopsided.industryLists(heavy).ranked;
    for (const company of ranked) {
      const why = lopsided.whyOf(company.upright_cid, heavy)!;
      expect(why.applicable_issues).toEqual(listed);
      expect(why.contributions.net_neutrality).toBe(0);
      expect([why.raw, why.rank]).toEqual([company.raw_arank, company.arank]);
      expect(why.explanation.bars.reduce((sum, bar) => sum + bar.points, 0)).toBe(why.raw);
    }
    expect(lopsided.whyOf('A', heavy)!.rank).toBe(1);
  });

  it('is empty (none) without members', () => {
    const empty = rankedSetOf(period, [], ISSUE_KEYS);
    expect(empty.industryLists(averages)).toEqual({
      ranked: [],
      aranked: [],
      pranked: null,
      none: true,
    });
    expect(empty.top('overall', false, 10)).toEqual([]);
  });
});

function set() {
  return rankedSetOf(period, rows, ISSUE_KEYS);
}
