import { REPORTS_PAGE_SIZE } from '@upright/contracts';
import {
  canonicalPath,
  isCanonical,
  pageWindow,
  pathPartsOf,
  toSearchDocument,
  toSummary,
  type ReportRecord,
} from './report-view';

const record: ReportRecord = {
  reportId: 19,
  title: 'Beverages: The Overall Upright Ranking, Q2 2026',
  slug: 'beverages-the-overall-upright-ranking-q2-2026',
  publishedDate: new Date('2026-08-12T00:00:00Z'),
  industry: 'beverages',
  value: 'overall',
  geography: 'us',
  count: 10,
  primary: true,
  major: true,
  majorRanking: true,
  lowestRank: null,
  archived: false,
  featured: false,
  periodYear: 2026,
  periodQrt: 2,
  frozen: false,
};

describe('report paths', () => {
  it('is /reports/{report_id}/{published_date}/{slug} (docs/product/spec.md#s2)', () => {
    expect(canonicalPath(pathPartsOf(record))).toBe(
      '/reports/19/2026-08-12/beverages-the-overall-upright-ranking-q2-2026',
    );
  });

  it('reads a date column as its calendar day, whatever the time zone', () => {
    expect(pathPartsOf({ ...record, publishedDate: new Date('2026-12-31T00:00:00Z') })).toEqual({
      report_id: 19,
      published_date: '2026-12-31',
      slug: record.slug,
    });
  });

  it('is canonical only with the exact date and slug', () => {
    const parts = pathPartsOf(record);
    expect(isCanonical(parts, '2026-08-12', record.slug)).toBe(true);
    expect(isCanonical(parts, '2026-08-13', record.slug)).toBe(false);
    expect(isCanonical(parts, '2026-08-12', 'old-title')).toBe(false);
    expect(isCanonical(parts, '2026-08-12', record.slug.toUpperCase())).toBe(false);
    expect(isCanonical(parts, '2026-8-12', record.slug)).toBe(false);
  });
});

describe('toSummary', () => {
  it('shows the docs/product/spec.md#s3 fields with the path and frozen flag', () => {
    expect(toSummary({ ...record, frozen: true, lowestRank: 24 })).toEqual({
      report_id: 19,
      title: record.title,
      slug: record.slug,
      published_date: '2026-08-12',
      industry: 'beverages',
      value: 'overall',
      geography: 'us',
      count: 10,
      primary: true,
      major: true,
      major_ranking: true,
      lowest_rank: 24,
      archived: false,
      featured: false,
      period_year: 2026,
      period_qrt: 2,
      frozen: true,
      path: '/reports/19/2026-08-12/beverages-the-overall-upright-ranking-q2-2026',
    });
  });

  it('makes the search document of docs/product/spec.md#s2 (title, date, path parts)', () => {
    expect(toSearchDocument(record)).toEqual({
      id: '19',
      title: record.title,
      slug: record.slug,
      published_date: '2026-08-12',
      industry: 'beverages',
      archived: false,
    });
  });
});

describe('pageWindow', () => {
  it('is 1-based', () => {
    expect(pageWindow(1)).toEqual({ skip: 0, take: REPORTS_PAGE_SIZE });
    expect(pageWindow(3)).toEqual({ skip: 2 * REPORTS_PAGE_SIZE, take: REPORTS_PAGE_SIZE });
    expect(pageWindow(2, 7)).toEqual({ skip: 7, take: 7 });
  });
});
