import { describe, expect, it } from 'vitest';
import {
  DETAIL_TABLES_OF_ISSUE,
  type ComparedCompany,
  type CompanyDetail,
  type IssueKey,
} from '@upright/contracts';
import {
  bestOfThese,
  comparePeriods,
  historyRows,
  rankEvidence,
  readCompareSlugs,
} from './compare-view';

describe('readCompareSlugs', () => {
  it('keeps the order, drops empty parts and repeats, and stops at four', () => {
    expect(readCompareSlugs('b,a,,b,c,d,e')).toEqual(['b', 'a', 'c', 'd']);
    expect(readCompareSlugs(null)).toEqual([]);
  });
});

describe('historyRows', () => {
  const at = (qrt: number, arank: number, atied = false) => ({
    period: { period_year: 2026, period_qrt: qrt },
    n: 9,
    ranks: { arank, atied },
  });
  const companies = [
    { history: [at(1, 3), at(2, 1, true)] },
    { history: [at(2, 4)] },
  ] as unknown as ComparedCompany[];

  it('lists every quarter newest first with a dash where a company was not ranked', () => {
    expect(historyRows(companies)).toEqual([
      { period: 'Q2 2026', cells: ['T1 of 9', '4 of 9'] },
      { period: 'Q1 2026', cells: ['3 of 9', '—'] },
    ]);
  });
});

describe('bestOfThese', () => {
  const PERIOD = { period_year: 2026, period_qrt: 1 };
  /** A figure of the table behind `issue` published for `period`. */
  const figure = (issue: IssueKey, period = PERIOD) => ({
    [DETAIL_TABLES_OF_ISSUE[issue][0]]: { ...period, metrics: [{ name: 'any', value: 1 }] },
  });
  const company = (
    cid: string,
    arank: number,
    climate: number,
    tax: number,
    figures: Record<string, unknown> = { ...figure('climate'), ...figure('tax') },
  ) =>
    ({
      upright_cid: cid,
      ranks: {
        arank,
        climate_rank: climate,
        tax_rank: tax,
        period: PERIOD,
        companies_scores: { ...PERIOD, climate_score: 1, us_tax_score: 1 },
      },
      ...figures,
    }) as unknown as CompanyDetail;
  const unranked = { upright_cid: 'z', ranks: null } as unknown as CompanyDetail;

  it('marks the lowest rank of each issue and overall, every company tied there included', () => {
    const best = bestOfThese(
      [company('a', 2, 1, 5), company('b', 1, 3, 5), unranked],
      ['climate', 'tax'],
      (entry) => entry.ranks?.arank ?? null,
    );
    expect([...best.overall]).toEqual(['b']);
    expect([...best.byIssue.climate]).toEqual(['a']);
    expect([...best.byIssue.tax].sort()).toEqual(['a', 'b']);
  });

  it('never calls a rank without a published figure the best; an older figure still counts', () => {
    const withoutClimate = company('a', 2, 1, 5, figure('tax'));
    const older = company('b', 1, 3, 5, {
      ...figure('climate', { period_year: 2025, period_qrt: 1 }),
      ...figure('tax'),
    });
    const best = bestOfThese([withoutClimate, older], ['climate'], () => null);
    expect(rankEvidence(withoutClimate, 'climate')).toBe('score_without_figure');
    expect(rankEvidence(older, 'climate')).toBe('older_figure');
    expect([...best.byIssue.climate]).toEqual(['b']);
    const noneBehind = bestOfThese([withoutClimate], ['climate'], () => null);
    expect(noneBehind.byIssue.climate.size).toBe(0);
  });
});

describe('comparePeriods', () => {
  it('orders quarters across years', () => {
    const at = (period_year: number, period_qrt: number) => ({ period_year, period_qrt });
    expect(comparePeriods(at(2025, 4), at(2026, 1))).toBeLessThan(0);
    expect(comparePeriods(at(2026, 1), at(2026, 1))).toBe(0);
  });
});
