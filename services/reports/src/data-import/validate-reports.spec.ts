import { readFileSync } from 'node:fs';
import path from 'node:path';
import { validateReportSections, type StoredReports } from './validate-reports';

const SAMPLE = path.resolve(__dirname, '../../../rankings/data/sample.json');
const nothingStored: StoredReports = { known: new Set(), frozen: new Map() };

function report(id: number, overrides: Record<string, unknown> = {}) {
  return {
    report_id: id,
    title: `Report ${id}`,
    slug: `report-${id}`,
    published_date: '2026-05-01',
    industry: 'banks',
    value: 'tax',
    geography: 'us',
    count: 10,
    period_year: 2026,
    period_qrt: 1,
    report: '## Summary',
    ...overrides,
  };
}

const source = (reportId: number, url = 'https://example.org/a') => ({
  report_id: reportId,
  source_publisher: 'Publisher',
  source_url: url,
  source_date: '2026-04-01',
  title: 'A source',
});

function errorsOf(input: unknown, stored = nothingStored) {
  const result = validateReportSections(input, stored);
  if (result.ok) throw new Error('expected errors');
  return result.errors;
}

describe('validateReportSections', () => {
  it('accepts the sample file and fills defaults', () => {
    const result = validateReportSections(JSON.parse(readFileSync(SAMPLE, 'utf8')), nothingStored);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.sections.reports).toHaveLength(30);
    expect(result.sections.report_sources).toHaveLength(88);
    const minimal = validateReportSections({ reports: [report(1)] }, nothingStored);
    expect(minimal.ok && minimal.sections.reports[0]).toMatchObject({
      primary: false,
      major: false,
      featured: false,
      archived: false,
    });
  });

  it('ignores the sections rankings owns', () => {
    expect(validateReportSections({ companies: [{ nonsense: true }] }, nothingStored).ok).toBe(
      true,
    );
  });

  it('lists every bad row with its path and field', () => {
    expect(
      errorsOf({
        reports: [
          report(1, { title: '' }),
          report(2, { published_date: '2026-02-30', value: 'vibes', extra: 1 }),
          { report_id: 3 },
        ],
        report_sources: [{ ...source(1), source_url: 'ftp://x' }],
      }),
    ).toEqual(
      expect.arrayContaining([
        { path: 'reports[0].title', message: 'must not be empty' },
        { path: 'reports[1].published_date', message: 'must be a date YYYY-MM-DD' },
        { path: 'reports[1].value', message: expect.stringMatching(/^must be one of: overall/) },
        { path: 'reports[1]', message: 'unknown field "extra"' },
        { path: 'reports[2].title', message: 'is required' },
        { path: 'report_sources[0].source_url', message: 'must be an http or https URL' },
      ]),
    );
  });

  it('refuses what is not a JSON object or sections that are not lists', () => {
    expect(errorsOf([1, 2])).toEqual([{ path: '(file)', message: 'must be a JSON object' }]);
    expect(errorsOf({ reports: 'many' })).toEqual([{ path: 'reports', message: 'must be a list' }]);
  });

  it('finds duplicates and sources of unknown reports', () => {
    expect(
      errorsOf({
        reports: [report(1), report(1)],
        report_sources: [source(1), source(1), source(9)],
      }),
    ).toEqual([
      { path: 'reports[1].report_id', message: 'duplicate report_id 1 (first at reports[0])' },
      {
        path: 'report_sources[1]',
        message:
          'duplicate source "https://example.org/a" for report_id 1 (first at report_sources[0])',
      },
      { path: 'report_sources[2].report_id', message: 'unknown report_id 9 (not in reports)' },
    ]);
  });

  it('lets sources reference stored reports', () => {
    const stored: StoredReports = { known: new Set([9]), frozen: new Map() };
    expect(validateReportSections({ report_sources: [source(9)] }, stored).ok).toBe(true);
  });

  it('refuses to change the ranking of a published report, but allows its copy to change', () => {
    const frozen = {
      industry: 'banks',
      value: 'tax' as const,
      count: 10,
      primary: false,
      major_ranking: false,
      period_year: 2026,
      period_qrt: 1,
    };
    const stored: StoredReports = { known: new Set([1]), frozen: new Map([[1, frozen]]) };
    expect(
      validateReportSections({ reports: [report(1, { title: 'Fixed typo' })] }, stored).ok,
    ).toBe(true);
    expect(errorsOf({ reports: [report(1, { period_qrt: 2 })] }, stored)).toEqual([
      {
        path: 'reports[0].period_qrt',
        message:
          'report 1 is published and its ranking is frozen: period_qrt stays 1 (publish a new report for a correction)',
      },
    ]);
  });
});
