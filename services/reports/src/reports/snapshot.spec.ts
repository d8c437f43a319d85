import { TOP_COUNT_MAX, type TopCompaniesResponse } from '@upright/contracts';
import { buildSnapshot, frozenRankings, liveRankings, rankingRequestOf } from './snapshot';

const filters = {
  industry: 'beverages',
  primary: true,
  value: 'tax',
  majorRanking: false,
  count: 10,
  periodYear: 2026,
  periodQrt: 2,
};

describe('rankingRequestOf', () => {
  it('asks rankings for the report own industry, quarter, filter, issue and count', () => {
    expect(rankingRequestOf(filters)).toEqual({
      industry: 'beverages',
      primaryOnly: true,
      value: 'tax',
      major: false,
      count: 10,
      period: { period_year: 2026, period_qrt: 2 },
    });
  });

  it('ranks a major ranking on normalized_rank and never asks for more than rankings gives', () => {
    const request = rankingRequestOf({ ...filters, majorRanking: true, count: 1000 });
    expect(request.major).toBe(true);
    expect(request.count).toBe(TOP_COUNT_MAX);
  });
});

describe('snapshots', () => {
  const answer = {
    rankings: [{ upright_cid: 'UC1' }, { upright_cid: 'UC2' }],
    lowestRank: 24,
    period: { period_year: 2026, period_qrt: 2 },
  } as unknown as TopCompaniesResponse;

  it('keep exactly what rankings answered', () => {
    const snapshot = buildSnapshot(answer);
    expect(snapshot).toEqual({
      rankings: answer.rankings,
      lowestRank: 24,
      period: answer.period,
    });
    expect(frozenRankings(snapshot, ['climate', 'tax'])).toEqual({
      ...snapshot,
      frozen: true,
      applicable_issues: ['climate', 'tax'],
    });
    const applicable = ['climate'] as TopCompaniesResponse['applicable_issues'];
    expect(liveRankings({ ...answer, applicable_issues: applicable })).toEqual({
      ...snapshot,
      frozen: false,
      applicable_issues: applicable,
    });
  });
});
