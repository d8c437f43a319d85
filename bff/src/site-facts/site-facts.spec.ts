import {
  ISSUE_KEYS,
  type IndustryCompaniesResponse,
  type IssueWeights,
  type RankedCompany,
} from '@upright/contracts';
import { siteFacts } from './site-facts';

function ranking(
  industry: string,
  values: string[],
  companies: Array<{ cid: string; updated: string | null }>,
  period: { period_year: number; period_qrt: number } | null,
): IndustryCompaniesResponse {
  return {
    result: {
      ranked: companies.map(
        ({ cid, updated }) => ({ upright_cid: cid, updated }) as unknown as RankedCompany,
      ),
      aranked: companies.map(({ cid }) => cid),
      pranked: null,
      none: companies.length === 0,
    },
    industryResult: {
      industry,
      industry_text: industry.toUpperCase(),
      industry_alts: [],
      definition: `All about ${industry}`,
      industry_values: values,
      limit: 10,
    },
    period,
    previous_period: null,
    moves: {},
    previous_ranks: [],
    weights: Object.fromEntries(ISSUE_KEYS.map((key) => [key, 5])) as IssueWeights,
    basis: 'equal',
  };
}

describe('siteFacts', () => {
  const facts = siteFacts([
    ranking(
      'oil',
      ['climate', 'tax'],
      [
        { cid: 'a', updated: '2025-03-01' },
        { cid: 'b', updated: null },
      ],
      { period_year: 2025, period_qrt: 1 },
    ),
    ranking(
      'grocery',
      [],
      [
        { cid: 'b', updated: '2025-06-30' },
        { cid: 'c', updated: '2024-12-31' },
      ],
      { period_year: 2024, period_qrt: 4 },
    ),
    ranking('new', ['climate'], [], null),
  ]);

  it('counts a company ranked in two industries once', () => {
    expect(facts.companies).toBe(3);
    expect(facts.industries.map((industry) => industry.companies)).toEqual([2, 2, 0]);
  });

  it('takes the newest period and the newest update', () => {
    expect(facts.period).toEqual({ period_year: 2025, period_qrt: 1 });
    expect(facts.updated).toBe('2025-06-30');
  });

  it("counts each industry's applicable issues, all nine when its list is empty", () => {
    expect(facts.issues).toBe(9);
    expect(facts.industries.map((industry) => industry.issues)).toEqual([2, 9, 1]);
    expect(facts.industries[2]).toMatchObject({ industry: 'new', period: null });
  });

  it('has no period or date without scores', () => {
    expect(siteFacts([])).toEqual({
      companies: 0,
      issues: 9,
      period: null,
      updated: null,
      industries: [],
    });
  });
});
