import {
  ISSUES,
  METHODOLOGY_VERSION,
  OPEN_DATA_LICENCE,
  type IndustryCompaniesResponse,
  type RankedCompany,
  type ReportSource,
} from '@upright/contracts';
import { parse } from 'csv-parse/sync';
import { industryCsv, industryOpenData } from './open-data-files';

const PERIOD = { period_year: 2026, period_qrt: 1 };

function company(cid: string, name: string, rank: number): RankedCompany {
  const issueFields = Object.fromEntries(
    ISSUES.flatMap((issue, index) => [
      [`${issue.key}_rank`, rank + index],
      [`${issue.key}_tied`, index % 2 === 0],
    ]),
  );
  const scores = Object.fromEntries(
    ISSUES.map((issue, index) => [issue.scoreField, index === 0 ? null : index * 1.5]),
  );
  const fields = {
    ...issueFields,
    _id: cid,
    upright_cid: cid,
    company_name: name,
    slug: cid,
    brands: [],
    subsidiaries: [],
    industry: 'tools',
    industries: ['tools'],
    sectors: [],
    structure: 'Public',
    alt_reporting: false,
    self_reporting: false,
    updated: null,
    raw_rank: rank * 9,
    normalized_rank: rank,
    tied: false,
    raw_arank: rank * 45,
    arank: rank,
    atied: false,
    raw_prank: null,
    prank: null,
    ptied: null,
    companies_scores: { ...PERIOD, ...scores },
  };
  return fields as unknown as RankedCompany;
}

const source = (cid: string | null, url: string): ReportSource => ({
  report_id: 1,
  upright_cid: cid,
  source_publisher: 'Filings',
  source_url: url,
  source_date: '2026-01-01',
  title: 'Filing',
});

describe('industry open data as CSV', () => {
  const ranked = [company('a', 'Acme, "The" Tools\nInc.', 1), company('b', 'Bolt; Co', 2)];
  const data = {
    result: { ranked, aranked: ['a', 'b'], pranked: null, none: false },
    period: PERIOD,
  } as unknown as IndustryCompaniesResponse;
  const open = industryOpenData('tools', data, [
    source('a', 'https://example.org/a'),
    source('b', 'https://example.org/b,1'),
  ]);
  const rows = parse(industryCsv(open), { columns: true }) as Record<string, string>[];

  it('parses back to one row per company, names with commas, quotes and newlines intact', () => {
    expect(rows.map((row) => row.company_name)).toEqual(ranked.map((c) => c.company_name));
  });

  it('holds every issue rank, tie and score, the period, methodology and licence', () => {
    const [first] = rows;
    for (const [index, issue] of ISSUES.entries()) {
      expect(first[`${issue.key}_rank`]).toBe(String(1 + index));
      expect(first[`${issue.key}_tied`]).toBe(String(index % 2 === 0));
      expect(first[issue.scoreField]).toBe(index === 0 ? '' : String(index * 1.5));
    }
    expect(first).toMatchObject({
      period_year: '2026',
      period_qrt: '1',
      methodology_version: METHODOLOGY_VERSION,
      licence: OPEN_DATA_LICENCE,
      tied: 'false',
    });
  });

  it("lists only each company's own sources in its row", () => {
    expect(rows.map((row) => row.sources)).toEqual([
      'https://example.org/a',
      'https://example.org/b,1',
    ]);
  });
});
