import type { IssueKey } from '@upright/contracts';
import {
  assembleIndustryRanking,
  rankIndustry,
  rankIndustryFromIssues,
  rankOnIssue,
  rankOnNormalized,
} from './rank-industry';
import { ALL_ISSUES, company, rankAll, weights } from './spec-support';
import type { RankedCompany } from './types';
import { weigh } from './weigh';

/**
 * Per-issue ranks (every other issue: all tied at 1, so raw_rank = 7 + climate + tax):
 *   Zeta  climate 1, tax 3 → raw 11
 *   Beta  climate 2, tax 1 → raw 10
 *   Acme  climate 3, tax 1 → raw 11
 *   Delta climate 4, tax 4 → raw 15
 */
const companies = [
  company('z', { company_name: 'Zeta', scores: { climate: 1, tax: 3 } }),
  company('b', { company_name: 'Beta', scores: { climate: 2, tax: 1 } }),
  company('a', { company_name: 'Acme', scores: { climate: 3, tax: 1 } }),
  company('d', { company_name: 'Delta', scores: { climate: 4, tax: 4 } }),
];
const averages = weights({ climate: 1, tax: 2 }, 0); // Zeta 7, Beta 4, Acme 5, Delta 12
const memberValues = weights({ climate: 10 }, 0); // Zeta 10, Beta 20, Acme 30, Delta 40

const names = (list: readonly RankedCompany[] | null) => list?.map((entry) => entry.company_name);

describe('rankIndustry: lists and sort orders (rule 9)', () => {
  const result = rankIndustry(companies, ALL_ISSUES, averages, memberValues);

  it('ranked: by normalized_rank, then company_name', () => {
    expect(names(result.ranked)).toEqual(['Beta', 'Acme', 'Zeta', 'Delta']);
    expect(
      result.ranked.map((entry) => [entry.raw_rank, entry.normalized_rank, entry.tied]),
    ).toEqual([
      [10, 1, false],
      [11, 2, true],
      [11, 2, true],
      [15, 4, false],
    ]);
  });

  it('aranked: by arank (averages), then name', () => {
    expect(names(result.aranked)).toEqual(['Beta', 'Acme', 'Zeta', 'Delta']);
    expect(result.aranked.map((entry) => [entry.raw_arank, entry.arank, entry.atied])).toEqual([
      [4, 1, false],
      [5, 2, false],
      [7, 3, false],
      [12, 4, false],
    ]);
  });

  it('pranked: by prank (member values), then name', () => {
    expect(names(result.pranked)).toEqual(['Zeta', 'Beta', 'Acme', 'Delta']);
    expect(result.pranked?.map((entry) => [entry.raw_prank, entry.prank, entry.ptied])).toEqual([
      [10, 1, false],
      [20, 2, false],
      [30, 3, false],
      [40, 4, false],
    ]);
  });

  it('breaks rank ties by name regardless of input order, and names by English collation', () => {
    const tiedUp = [
      company('1', { company_name: 'zulu' }),
      company('2', { company_name: 'Exxon' }),
      company('3', { company_name: 'eBay' }),
      company('4', { company_name: 'Alpha' }),
    ];
    const everyone = rankIndustry(tiedUp, ALL_ISSUES, weights({}, 5), weights({}, 3));
    const expected = ['Alpha', 'eBay', 'Exxon', 'zulu'];
    expect(names(everyone.ranked)).toEqual(expected);
    expect(names(everyone.aranked)).toEqual(expected);
    expect(names(everyone.pranked)).toEqual(expected);
    expect(
      names(rankIndustry([...tiedUp].reverse(), ALL_ISSUES, weights({}, 5), null).ranked),
    ).toEqual(expected);
  });

  it('orders same-name, same-rank companies by upright_cid', () => {
    const twins = [
      company('cid-2', { company_name: 'Twin' }),
      company('cid-1', { company_name: 'Twin' }),
    ];
    expect(
      rankIndustry(twins, ALL_ISSUES, weights({}, 1), null).ranked.map((e) => e.upright_cid),
    ).toEqual(['cid-1', 'cid-2']);
  });

  it('carries every field of the API shape, the same object in each list', () => {
    const zeta = result.ranked.find((entry) => entry.upright_cid === 'z');
    expect(zeta).toMatchObject({
      upright_cid: 'z',
      company_name: 'Zeta',
      climate_rank: 1,
      climate_tied: false,
      tax_rank: 3,
      tax_tied: false,
      lobbying_rank: 1,
      lobbying_tied: true,
      raw_rank: 11,
      normalized_rank: 2,
      tied: true,
      raw_arank: 7,
      arank: 3,
      atied: false,
      raw_prank: 10,
      prank: 1,
      ptied: false,
    });
    expect(result.aranked).toContain(zeta);
    expect(result.pranked).toContain(zeta);
    expect(result.none).toBe(false);
  });
});

describe('rankIndustry: visitors and empty sets', () => {
  it('visitor (no member values): p-fields null and pranked null', () => {
    const result = rankIndustry(companies, ALL_ISSUES, averages, null);
    expect(result.pranked).toBeNull();
    for (const entry of result.ranked) {
      expect([entry.raw_prank, entry.prank, entry.ptied]).toEqual([null, null, null]);
    }
    expect(names(result.aranked)).toEqual(['Beta', 'Acme', 'Zeta', 'Delta']);
  });

  it('empty set → none, with empty lists', () => {
    expect(rankIndustry([], ALL_ISSUES, averages, null)).toEqual({
      ranked: [],
      aranked: [],
      pranked: null,
      none: true,
    });
    expect(rankIndustry([], ALL_ISSUES, averages, memberValues)).toEqual({
      ranked: [],
      aranked: [],
      pranked: [],
      none: true,
    });
  });
});

describe('staged use (cache stage 1, re-weigh per request)', () => {
  const ranking = rankAll(companies);

  it('rankIndustryFromIssues equals rankIndustry, also from a JSON-cached stage 1', () => {
    const direct = rankIndustry(companies, ALL_ISSUES, averages, memberValues);
    expect(rankIndustryFromIssues(ranking, averages, memberValues)).toEqual(direct);
    const cached = JSON.parse(JSON.stringify(ranking)) as typeof ranking;
    expect(rankIndustryFromIssues(cached, averages, memberValues)).toEqual(direct);
  });

  it('assembleIndustryRanking accepts cached weighted results', () => {
    const averaged = weigh(ranking, averages);
    expect(assembleIndustryRanking(ranking, averaged, null)).toEqual(
      rankIndustry(companies, ALL_ISSUES, averages, null),
    );
  });

  it('assembleIndustryRanking rejects weighted results of another ranking', () => {
    const other = weigh(rankAll(companies.slice(1)), averages);
    expect(() => assembleIndustryRanking(ranking, other, null)).toThrow(RangeError);
    const reordered = [...weigh(ranking, averages)].reverse();
    expect(() => assembleIndustryRanking(ranking, weigh(ranking, averages), reordered)).toThrow(
      RangeError,
    );
  });
});

describe('rankOnIssue and rankOnNormalized (/api/rankings)', () => {
  const ranking = rankAll(companies);

  it('top count companies on one issue, by that rank then name', () => {
    // tax: Beta 1, Acme 1 (tied), Zeta 3, Delta 4
    expect(rankOnIssue(ranking, 'tax', 3).map((entry) => entry.company_name)).toEqual([
      'Acme',
      'Beta',
      'Zeta',
    ]);
    expect(rankOnIssue(ranking, 'climate', 2).map((entry) => entry.company_name)).toEqual([
      'Zeta',
      'Beta',
    ]);
  });

  it('the major variant ranks on normalized_rank, then name', () => {
    expect(rankOnNormalized(ranking, 10).map((entry) => entry.company_name)).toEqual([
      'Beta',
      'Acme',
      'Zeta',
      'Delta',
    ]);
  });

  it('count 0 gives nothing; count beyond n gives everyone', () => {
    expect(rankOnIssue(ranking, 'tax', 0)).toEqual([]);
    expect(rankOnNormalized(ranking, 0)).toEqual([]);
    expect(rankOnIssue(ranking, 'tax', 99)).toHaveLength(4);
  });

  it('rejects bad counts and unknown issue keys', () => {
    expect(() => rankOnIssue(ranking, 'tax', -1)).toThrow(RangeError);
    expect(() => rankOnNormalized(ranking, 1.5)).toThrow(RangeError);
    expect(() => rankOnIssue(ranking, 'charity' as IssueKey, 1)).toThrow(RangeError);
  });

  it('does not reorder the cached ranking', () => {
    rankOnNormalized(ranking, 4);
    expect(ranking.companies.map((entry) => entry.upright_cid)).toEqual(['z', 'b', 'a', 'd']);
  });
});
