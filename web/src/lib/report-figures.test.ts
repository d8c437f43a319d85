import { describe, expect, it } from 'vitest';
import { ISSUE_KEYS, type ReportRankings, type TopCompany } from '@upright/contracts';
import { reportFigures } from './report-figures';

function company(
  cid: string,
  rank: number,
  extra: Pick<TopCompany, 'previous' | 'figures'>,
): TopCompany {
  return {
    upright_cid: cid,
    company_name: cid.toUpperCase(),
    slug: cid,
    normalized_rank: rank,
    tied: false,
    ...Object.fromEntries(
      ISSUE_KEYS.flatMap((key) => [
        [`${key}_rank`, rank],
        [`${key}_tied`, false],
      ]),
    ),
    ...extra,
  } as unknown as TopCompany;
}

const gap = (value: number) => ({
  name: 'gender_pay_gap',
  label: 'Gender pay gap',
  unit: 'percent' as const,
  better: 'lower' as const,
  value,
});

const period = { period_year: 2026, period_qrt: 2 };
const before = { period_year: 2026, period_qrt: 1 };

const rankings = (companies: TopCompany[]): ReportRankings => ({
  rankings: companies,
  lowestRank: 5,
  period,
  frozen: true,
  applicable_issues: ['pay_gap'],
});

describe('a report’s figures', () => {
  it('shows the issue’s figures with best, median and worst over the report, and each move', () => {
    const figures = reportFigures(
      rankings([
        company('a', 1, { previous: { period: before, rank: 3 }, figures: [gap(2)] }),
        company('b', 2, { previous: null, figures: [gap(9)] }),
        company('c', 3, { previous: { period: before, rank: 1 }, figures: [] }),
      ]),
      'pay_gap',
    );
    expect(figures.since).toEqual(before);
    expect(figures.correctionField).toBe('diverse_pay_gap_score');
    expect(figures.columns.map((column) => [column.name, column.summary])).toEqual([
      ['gender_pay_gap', { count: 2, median: 5.5, best: 2, worst: 9 }],
    ]);
    expect(figures.rows.map((row) => row.move)).toEqual([2, null, -2]);
    // c's rank has no figure behind it, and the report's table must say so (rules §16).
    expect(figures.rows.map((row) => row.withoutFigure)).toEqual([false, false, true]);
    expect(figures.rows[2].values).toEqual({});
  });

  it('has no figure columns on an overall report, nor moves on one frozen before they were kept', () => {
    const figures = reportFigures(rankings([company('a', 1, {})]), 'overall');
    expect(figures.columns).toEqual([]);
    expect(figures.correctionField).toBe('normalized_rank');
    expect(figures.rows[0].move).toBeUndefined();
    expect(figures.since).toBeNull();
  });
});
