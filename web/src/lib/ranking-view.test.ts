import { describe, expect, it } from 'vitest';
import type { IndustryCompaniesResult, RankedCompany } from '@upright/contracts';
import { ISSUE_KEYS, ISSUES } from '@upright/contracts';
import { dataCoverage, industryRanking, reportRows } from './ranking-view';

const ALL = [...ISSUE_KEYS];

function company(name: string, ranks: Partial<RankedCompany>): RankedCompany {
  const issueRanks = Object.fromEntries(
    ISSUES.flatMap((issue) => [
      [`${issue.key}_rank`, 1],
      [`${issue.key}_tied`, false],
    ]),
  );
  return {
    upright_cid: name,
    _id: name,
    company_name: name,
    slug: name.toLowerCase(),
    industry: 'airlines',
    ...issueRanks,
    normalized_rank: 1,
    tied: false,
    raw_rank: 9,
    raw_arank: 45,
    arank: 1,
    atied: false,
    raw_prank: null,
    prank: null,
    ptied: null,
    structure: 'Public',
    alt_reporting: false,
    self_reporting: false,
    companies_scores: {
      period_year: 2026,
      period_qrt: 1,
      ...Object.fromEntries(ISSUES.map((issue) => [issue.scoreField, 1])),
    },
    ...ranks,
  } as unknown as RankedCompany;
}

describe('industryRanking', () => {
  const a = company('A', { arank: 1, prank: 2, ptied: false });
  const b = company('B', {
    arank: 2,
    prank: 1,
    ptied: false,
    climate_rank: 2,
    climate_tied: true,
  } as Partial<RankedCompany>);

  it('visitors see aranked with the averages weighting', () => {
    const result: IndustryCompaniesResult = {
      ranked: [a, b],
      aranked: ['A', 'B'],
      pranked: null,
      none: false,
    };
    const view = industryRanking(result, ALL);
    expect(view.weighting).toBe('averages');
    expect(view.rows.map((row) => [row.company_name, row.rank])).toEqual([
      ['A', 1],
      ['B', 2],
    ]);
    expect(view.rows[1].issueRanks.climate).toEqual({ rank: 2, tied: true });
  });

  it('members with saved priorities see their own pranked order', () => {
    const result: IndustryCompaniesResult = {
      ranked: [a, b],
      aranked: ['A', 'B'],
      pranked: ['B', 'A'],
      none: false,
    };
    const view = industryRanking(result, ALL);
    expect(view.weighting).toBe('personal');
    expect(view.rows.map((row) => [row.company_name, row.rank])).toEqual([
      ['B', 1],
      ['A', 2],
    ]);
  });

  it('a report ranks on its issue, or on normalized_rank for overall', () => {
    expect(reportRows([b] as never, 'climate', ALL)[0]).toMatchObject({ rank: 2, tied: true });
    expect(reportRows([b] as never, 'overall', ALL)[0]).toMatchObject({ rank: 1, tied: false });
  });

  it("gives each row its move on the averages' ranking since the previous period", () => {
    const result: IndustryCompaniesResult = {
      ranked: [a, b],
      aranked: ['A', 'B'],
      pranked: null,
      none: false,
    };
    const view = industryRanking(result, ALL, {
      A: { normalized_rank: 1, arank: 2, prank: null },
      B: { normalized_rank: null, arank: null, prank: null },
    });
    expect(view.rows.map((row) => row.move)).toEqual([2, null]);
  });

  it("gives a member's rows their own move, not the averages' (decision 0047)", () => {
    const result: IndustryCompaniesResult = {
      ranked: [a, b],
      aranked: ['A', 'B'],
      pranked: ['B', 'A'],
      none: false,
    };
    const view = industryRanking(result, ALL, {
      A: { normalized_rank: 1, arank: 2, prank: -1 },
      B: { normalized_rank: 0, arank: -1, prank: 1 },
    });
    expect(view.rows.map((row) => [row.company_name, row.move])).toEqual([
      ['B', 1],
      ['A', -1],
    ]);
  });
});

describe('dataCoverage (docs/product/rules.md#s5 rules 2–4)', () => {
  const scores = {
    period_year: 2026,
    period_qrt: 1,
    ...Object.fromEntries(ISSUES.map((issue) => [issue.scoreField, 1])),
  } as unknown as RankedCompany['companies_scores'];
  const disclosed = { structure: 'Public', alt_reporting: false, self_reporting: false };

  it('counts nine of nine for a public company with every score', () => {
    expect(dataCoverage(disclosed, scores).coverage).toBe(9);
  });

  it('says no data where a score is missing, climate too', () => {
    const view = dataCoverage(disclosed, { ...scores, climate_score: null, us_tax_score: null });
    expect(view.issueData.climate).toBe('no_data');
    expect(view.issueData.tax).toBe('no_data');
    expect(view.issueData.lobbying).toBe('scored');
    expect(view.coverage).toBe(7);
  });

  it('says not disclosed on six issues for a private company without reporting', () => {
    const view = dataCoverage({ ...disclosed, structure: 'Private' }, scores);
    expect(view.issueData.exec_pay).toBe('not_disclosed');
    expect(view.issueData.climate).toBe('scored');
    expect(view.coverage).toBe(3);
  });

  it('counts only the issues that apply to the industry, in the rows of its table too', () => {
    const withoutNeutrality = ALL.filter((key) => key !== 'net_neutrality');
    const gaps = { ...scores, net_neutrality_score: null, climate_score: null };
    expect(dataCoverage(disclosed, gaps, withoutNeutrality).coverage).toBe(7);
    const row = company('A', {
      companies_scores: gaps,
      structure: 'Public',
      alt_reporting: false,
      self_reporting: false,
    });
    const result: IndustryCompaniesResult = {
      ranked: [row],
      aranked: ['A'],
      pranked: null,
      none: false,
    };
    expect(industryRanking(result, withoutNeutrality).rows[0].coverage).toBe(7);
    expect(reportRows([row] as never, 'overall', withoutNeutrality)[0].coverage).toBe(7);
  });
});
