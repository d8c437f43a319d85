import { DETAIL_TABLE_NAMES, DETAIL_TABLES } from '../details';
import { DETAIL_TABLES_OF_ISSUE } from './applicability';
import { issueEvidence } from './evidence';
import { figurePeers } from './peers';

describe('a figure’s peers (rules §16)', () => {
  it('gives the median, best and worst for lower-is-better figures', () => {
    expect(figurePeers([897, 120, 400], 'lower')).toEqual({
      count: 3,
      median: 400,
      best: 120,
      worst: 897,
    });
  });

  it('averages the two middle values of an even count and takes the highest when higher is better', () => {
    expect(figurePeers([10, 40, 20, 30], 'higher')).toEqual({
      count: 4,
      median: 25,
      best: 40,
      worst: 10,
    });
  });

  it('gives no best or worst where no value is better, and nothing without numbers', () => {
    expect(figurePeers([1, 2, 'text'], null)).toEqual({
      count: 2,
      median: 1.5,
      best: null,
      worst: null,
    });
    expect(figurePeers(['2040'], 'lower')).toBeNull();
  });

  it('says which way is better for every numeric metric', () => {
    for (const table of DETAIL_TABLE_NAMES) {
      for (const metric of DETAIL_TABLES[table].metrics) {
        if (metric.unit === 'text') expect(metric.better).toBeNull();
      }
    }
  });
});

describe('the evidence behind a rank (rules §16)', () => {
  const period = { period_year: 2026, period_qrt: 2 };
  const entry = (period_qrt: number, metrics: unknown[] = [1]) => ({
    period_year: 2026,
    period_qrt,
    metrics,
  });

  it('finds the figure of the score’s period', () => {
    expect(issueEvidence('climate', 618.2, period, { companies_climates: entry(2) })).toBe(
      'figure',
    );
  });

  it('says when the figure is from another period, missing, or the score itself is', () => {
    expect(issueEvidence('climate', 618.2, period, { companies_climates: entry(1) })).toBe(
      'older_figure',
    );
    expect(issueEvidence('climate', 618.2, period, { companies_climates: entry(2, []) })).toBe(
      'score_without_figure',
    );
    expect(issueEvidence('climate', 618.2, period, { companies_climates: null })).toBe(
      'score_without_figure',
    );
    expect(issueEvidence('climate', null, period, { companies_climates: entry(2) })).toBe(
      'no_score',
    );
  });

  it('takes either table behind an issue with two (tax: worldwide and US)', () => {
    expect(DETAIL_TABLES_OF_ISSUE.tax).toEqual(['companies_taxes', 'companies_us_taxes']);
    expect(issueEvidence('tax', 3, period, { companies_us_taxes: entry(2) })).toBe('figure');
  });

  it('has no figures for net neutrality: a score there is a score without a figure', () => {
    expect(DETAIL_TABLES_OF_ISSUE.net_neutrality).toEqual([]);
    expect(issueEvidence('net_neutrality', 2, period, {})).toBe('score_without_figure');
  });
});
