import { describe, expect, it } from 'vitest';
import type { ComparedCompany, CompanyDetail } from '@upright/contracts';
import { bestOfThese, historyRows, readCompareSlugs } from './compare-view';

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
  const company = (cid: string, arank: number, climate: number, tax: number) =>
    ({
      upright_cid: cid,
      ranks: { arank, climate_rank: climate, tax_rank: tax },
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
});
