import {
  ISSUES,
  METHODOLOGY_VERSION,
  OPEN_DATA_LICENCE,
  type IndustryCompaniesResponse,
  type RankedCompany,
  type ReportSource,
} from '@upright/contracts';
import { parse } from 'csv-parse/sync';
import {
  formulaSafe,
  industryCsv,
  industryOpenData,
  marketCsv,
  marketOpenData,
} from './open-data-files';

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

describe('every industry in one CSV', () => {
  const industry = (name: string, ranked: RankedCompany[], period: typeof PERIOD | null) =>
    industryOpenData(
      name,
      {
        result: { ranked, aranked: [], pranked: null, none: false },
        period,
      } as unknown as IndustryCompaniesResponse,
      [source(ranked[0]?.upright_cid ?? null, `https://example.org/${name}`)],
    );
  const tools = industry('tools', [company('a', 'Acme', 1), company('b', 'Bolt', 2)], PERIOD);
  const later = { period_year: 2026, period_qrt: 2 };
  const banks = industry('banks', [company('a', 'Acme', 1)], later);
  const open = marketOpenData('us', [tools, banks, industry('new', [], null)]);
  const rows = parse(marketCsv(open), { columns: true }) as Record<string, string>[];

  it("holds each industry's rows in turn, first naming the ranking, then the industry file's columns", () => {
    expect(rows.map((row) => [row.ranking, row.upright_cid])).toEqual([
      ['tools', 'a'],
      ['tools', 'b'],
      ['banks', 'a'],
    ]);
    const single = parse(industryCsv(tools), { columns: true }) as Record<string, string>[];
    expect(rows.slice(0, 2)).toEqual(single.map((row) => ({ ranking: 'tools', ...row })));
  });

  it("gives each row its own industry's period and sources, and the licence", () => {
    expect(rows.map((row) => [row.period_qrt, row.sources, row.licence])).toEqual([
      ['1', 'https://example.org/tools', OPEN_DATA_LICENCE],
      ['1', '', OPEN_DATA_LICENCE],
      ['2', 'https://example.org/banks', OPEN_DATA_LICENCE],
    ]);
    expect(open).toMatchObject({ licence: OPEN_DATA_LICENCE, market: 'us' });
  });
});

describe('formula-safe CSV (OWASP "CSV Injection")', () => {
  it('prefixes a text cell that a spreadsheet would run with a quote, and nothing else', () => {
    for (const cell of ['=1+1', '+1', '-1', '@SUM(A1)', '\t=1', '\r=1']) {
      expect(formulaSafe(cell)).toBe(`'${cell}`);
    }
    for (const cell of ['Acme', '1+1', ' =1', "'quoted", '']) expect(formulaSafe(cell)).toBe(cell);
  });

  const formula = company('f', '=HYPERLINK("https://evil.example","x"),1', 1);
  const scored = company('n', '-minus, "Inc"\nLtd', 2);
  const scoreField = ISSUES[1]!.scoreField;
  (scored.companies_scores as unknown as Record<string, number>)[scoreField] = -3.5;
  const data = {
    result: { ranked: [formula, scored], aranked: ['f', 'n'], pranked: null, none: false },
    period: PERIOD,
  } as unknown as IndustryCompaniesResponse;
  const csv = industryCsv(industryOpenData('tools', data, []));
  const rows = parse(csv, { columns: true }) as Record<string, string>[];

  it('writes text cells inert, still quoted as RFC 4180 wants', () => {
    expect(rows.map((row) => row.company_name)).toEqual([
      `'${formula.company_name}`,
      `'${scored.company_name}`,
    ]);
    expect(csv).toContain(`"'=HYPERLINK(""https://evil.example"",""x""),1"`);
    expect(csv.split('\n').some((line) => /(^|,)[=+\-@]/.test(line.replace(/"[^"]*"/g, '')))).toBe(
      false,
    );
  });

  it('keeps negative numbers numbers', () => {
    expect(rows[1]![scoreField]).toBe('-3.5');
    expect(csv).toMatch(/,-3\.5,/);
  });
});
