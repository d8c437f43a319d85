import { describe, expect, it } from 'vitest';
import type { IndustryCompaniesResponse, RankedCompany } from '@upright/contracts';
import { SEARCH_MODES } from './modes';
import { nearestHits, nearestNamesBody } from './nearest';
import { standingIn, standingText } from './standing';

/** The fields the standing reads; the issue ranks and scores a ranking row also carries. */
function company(id: string, ranks: Partial<RankedCompany>): RankedCompany {
  return {
    upright_cid: id,
    company_name: id,
    slug: id,
    industry: 'oil-gas',
    structure: 'Public',
    alt_reporting: false,
    self_reporting: false,
    companies_scores: { period_year: 2026, period_qrt: 1 },
    arank: null,
    atied: null,
    prank: null,
    ptied: null,
    ...ranks,
  } as unknown as RankedCompany;
}

function answer(pranked: string[] | null): IndustryCompaniesResponse {
  return {
    result: {
      ranked: [
        company('A', { arank: 1, atied: false, prank: 3, ptied: false }),
        company('B', { arank: 2, atied: true, prank: 1, ptied: false }),
        company('C', { arank: 2, atied: true, prank: 2, ptied: false }),
        company('D', {}),
      ],
      aranked: ['A', 'B', 'C', 'D'],
      pranked,
      none: false,
    },
    industryResult: { industry: 'oil-gas', industry_text: 'Oil & Gas', industry_values: [] },
  } as unknown as IndustryCompaniesResponse;
}

describe('a company result’s standing in its industry', () => {
  it('is the rank the industry page shows, out of the companies ranked there', () => {
    expect(standingText(standingIn(answer(null), 'A'))).toBe('Oil & Gas · #1 of 3');
    expect(standingText(standingIn(answer(null), 'C'))).toBe('Oil & Gas · #2 (tied) of 3');
  });

  it("follows a member's own weighting when they saved priorities", () => {
    expect(standingText(standingIn(answer(['B', 'C', 'A']), 'A'))).toBe('Oil & Gas · #3 of 3');
  });

  it('names the industry alone for a company not ranked in it', () => {
    expect(standingText(standingIn(answer(null), 'D'))).toBe('Oil & Gas');
    expect(standingText(standingIn(answer(null), 'unknown'))).toBe('Oil & Gas');
  });
});

describe('the nearest names of a search that found nothing', () => {
  it('asks the same fields with typos tolerated, unrecorded', () => {
    expect(nearestNamesBody('companies', 'Exxin')).toEqual({
      settings: { recordAnalytics: false },
      query: [
        {
          id: 'nearest',
          type: 'search',
          dataField: [...SEARCH_MODES.companies.fields],
          value: 'Exxin',
          fuzziness: 'AUTO',
          size: 5,
          execute: true,
        },
      ],
    });
  });

  it('reads the hits of that query from the answer', () => {
    const hit = { _id: 'c-1', _source: { company_name: 'Exxon' } };
    expect(nearestHits({ nearest: { hits: { hits: [hit] } } })).toEqual([hit]);
    expect(nearestHits({})).toEqual([]);
  });
});
