import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import {
  DETAIL_TABLE_NAMES,
  DISCLOSURE_DEPENDENT_ISSUES,
  ISSUES,
  type DataSet,
} from '@upright/contracts';
import { validateImportFile } from '@upright/rankings';
import { INDUSTRY_TEMPLATES } from './catalog';
import { generateDataSet, planDataSet } from './generate';
import { periodsEndingAt } from './periods';
import { mulberry32, rngFor } from './prng';
import { formatDataSet } from './write';

const SAMPLE = path.resolve(__dirname, '../../../../services/rankings/data/sample.json');
const sampleText = readFileSync(SAMPLE, 'utf8');
const sample = JSON.parse(sampleText) as DataSet.ImportFile;

const periodKey = (row: { period_year: number; period_qrt: number }) =>
  `${row.period_year} Q${row.period_qrt}`;

describe('prng', () => {
  it('mulberry32 is deterministic and uniform enough', () => {
    const a = mulberry32(42);
    const b = mulberry32(42);
    const values = Array.from({ length: 10_000 }, () => a());
    expect(values.slice(0, 5)).toEqual(Array.from({ length: 5 }, () => b()));
    expect(Math.min(...values)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...values)).toBeLessThan(1);
    const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
    expect(mean).toBeGreaterThan(0.48);
    expect(mean).toBeLessThan(0.52);
  });

  it('derived streams differ by label', () => {
    expect(rngFor(1, 'scores', 1)()).not.toBe(rngFor(1, 'scores', 2)());
    expect(rngFor(1, 'scores', 1)()).toBe(rngFor(1, 'scores', 1)());
  });
});

describe('generateDataSet', () => {
  it('is deterministic for a seed', () => {
    const options = { companies: 80, industries: 6, seed: 7 };
    expect(generateDataSet(options)).toEqual(generateDataSet(options));
  });

  it('differs between seeds', () => {
    const a = generateDataSet({ companies: 40, seed: 1 });
    const b = generateDataSet({ companies: 40, seed: 2 });
    expect(a.companies.map((c) => c.company_name)).not.toEqual(
      b.companies.map((c) => c.company_name),
    );
  });

  it('streams the same rows it returns, in any order of reading', () => {
    const options = { companies: 50, industries: 5, seed: 3 };
    const parts = planDataSet(options);
    const climatesFirst = [...parts.details('companies_climates')];
    const scores = [...parts.scores()];
    const file = generateDataSet(options);
    expect(scores).toEqual(file.scores);
    expect(climatesFirst).toEqual(file.details.companies_climates);
    expect([...parts.scores()]).toEqual(scores);
  });

  it('produces files that validate, for various sizes and options', () => {
    for (const options of [
      { companies: 1 },
      { companies: 7, quarters: 1 },
      { companies: 120, industries: 35, quarters: 3, seed: 9 },
      { companies: 400, industries: 4, reports: 12, detailCompanies: 50, seed: 11 },
    ]) {
      const result = validateImportFile(generateDataSet(options));
      expect(result.ok ? [] : result.errors.slice(0, 3)).toEqual([]);
    }
  });

  it('limits detail rows to the first detailCompanies companies', () => {
    const file = generateDataSet({ companies: 100, detailCompanies: 10 });
    const cids = new Set(file.companies.slice(0, 10).map((c) => c.upright_cid));
    for (const table of DETAIL_TABLE_NAMES) {
      for (const row of file.details[table]) expect(cids.has(row.upright_cid)).toBe(true);
    }
  });

  it('rejects impossible options', () => {
    expect(() => generateDataSet({ companies: 0 })).toThrow(/companies/);
    expect(() => generateDataSet({ companies: 10, quarters: 1.5 })).toThrow(/quarters/);
  });

  it('counts quarters back from the latest', () => {
    expect(periodsEndingAt({ year: 2026, qrt: 3 }, 8).map((p) => `${p.year} Q${p.qrt}`)).toEqual([
      '2024 Q4',
      '2025 Q1',
      '2025 Q2',
      '2025 Q3',
      '2025 Q4',
      '2026 Q1',
      '2026 Q2',
      '2026 Q3',
    ]);
  });
});

describe('the shipped sample (data/sample.json)', () => {
  it('is exactly what the generator makes for --companies 300 (regenerate it after changes)', () => {
    expect(sampleText === formatDataSet(generateDataSet({ companies: 300 }))).toBe(true);
  });

  it('validates cleanly', () => {
    const result = validateImportFile(sample);
    expect(result.ok ? [] : result.errors.slice(0, 5)).toEqual([]);
  });

  it('stays commit-sized', () => {
    expect(statSync(SAMPLE).size).toBeLessThan(3_000_000);
  });

  it('has about 20 industries of very different sizes', () => {
    expect(sample.industries).toHaveLength(20);
    const sizes = sample.industries.map(
      (industry) => sample.companies.filter((c) => c.industry === industry.industry).length,
    );
    expect(Math.min(...sizes)).toBeGreaterThanOrEqual(5);
    expect(Math.min(...sizes)).toBeLessThanOrEqual(8);
    expect(Math.max(...sizes)).toBeGreaterThanOrEqual(25);
    for (const industry of sample.industries) {
      expect(industry.industry_alts.length).toBeGreaterThan(0);
      expect(industry.definition.length).toBeGreaterThan(40);
    }
    expect(sample.industries.filter((industry) => industry.active)).toHaveLength(19);
  });

  it('has 300 companies, some in several industries, with brands and subsidiaries', () => {
    expect(sample.companies).toHaveLength(300);
    expect(sample.companies.filter((c) => c.industries.length > 1).length).toBeGreaterThan(20);
    expect(sample.companies.filter((c) => c.brands.length > 0).length).toBeGreaterThan(100);
    expect(sample.companies.filter((c) => c.subsidiaries.length > 0).length).toBeGreaterThan(100);
    const names = sample.companies.map((c) => c.company_name.toLowerCase().replace(/ /g, '-'));
    expect(new Set(names).size).toBe(names.length);
  });

  it('has only invented company names (a made-up root and an industry word)', () => {
    const nouns = new Set(INDUSTRY_TEMPLATES.flatMap((template) => template.nouns));
    for (const company of sample.companies) {
      const [root, ...rest] = company.company_name.split(' ');
      expect(nouns.has(rest.join(' '))).toBe(true);
      expect(root).toMatch(/^[A-Z][a-z]{5,}$/);
    }
  });

  it('has public companies and private ones with and without alternative or self reporting', () => {
    const count = (test: (c: DataSet.ImportFile['companies'][number]) => boolean) =>
      sample.companies.filter(test).length;
    expect(count((c) => c.structure === 'Public')).toBeGreaterThan(100);
    expect(
      count((c) => c.structure !== 'Public' && !c.alt_reporting && !c.self_reporting),
    ).toBeGreaterThan(10);
    expect(count((c) => c.structure !== 'Public' && c.alt_reporting)).toBeGreaterThan(10);
    expect(count((c) => c.structure !== 'Public' && c.self_reporting)).toBeGreaterThan(10);
  });

  it('has headquarters in US cities', () => {
    const elsewhere = sample.companies.filter(
      ({ headquarters }) =>
        !headquarters || headquarters.latitude < 18 || headquarters.longitude > -60,
    );
    expect(elsewhere).toEqual([]);
  });

  it('dates nothing after the end of the latest quarter + 50 days', () => {
    const dates = [
      ...sample.companies.map((c) => c.updated),
      ...DETAIL_TABLE_NAMES.flatMap((table) => sample.details[table].map((row) => row.source_date)),
      ...sample.reports.map((r) => r.published_date),
      ...sample.report_sources.map((s) => s.source_date),
    ];
    expect(dates.filter((date) => !date || date > '2026-11-19')).toEqual([]);
  });

  it('has 8 quarters of scores, 2024 Q4 to 2026 Q3, with gaps', () => {
    const periods = [...new Set(sample.scores.map(periodKey))].sort();
    expect(periods).toEqual([
      '2024 Q4',
      '2025 Q1',
      '2025 Q2',
      '2025 Q3',
      '2025 Q4',
      '2026 Q1',
      '2026 Q2',
      '2026 Q3',
    ]);
    // Some companies miss some quarters, most have all of them.
    const quartersPerCompany = new Map<string, number>();
    for (const row of sample.scores) {
      quartersPerCompany.set(row.upright_cid, (quartersPerCompany.get(row.upright_cid) ?? 0) + 1);
    }
    const partial = sample.companies.filter(
      (c) => (quartersPerCompany.get(c.upright_cid) ?? 0) < 8,
    );
    expect(partial.length).toBeGreaterThan(10);
    expect(partial.length).toBeLessThan(60);
    // Null scores on every issue, missing climate scores included.
    for (const issue of ISSUES) {
      expect(sample.scores.some((row) => row[issue.scoreField] === null)).toBe(true);
    }
    expect(sample.scores.filter((row) => row.climate_score === null).length).toBeGreaterThan(10);
  });

  it('has plausible lower-is-better score ranges', () => {
    const outside = sample.scores.flatMap((row) =>
      ISSUES.filter((issue) => {
        const score = row[issue.scoreField];
        return score !== null && (score < 0 || score > (issue.key === 'climate' ? 1000 : 100));
      }).map((issue) => `${row.upright_cid} ${periodKey(row)} ${issue.scoreField}`),
    );
    expect(outside).toEqual([]);
  });

  it('has exact ties within industries in the latest quarter', () => {
    const primaryOf = new Map(sample.companies.map((c) => [c.upright_cid, c.industry]));
    const latest = sample.scores.filter((row) => periodKey(row) === '2026 Q3');
    let ties = 0;
    for (const issue of ISSUES) {
      const seen = new Set<string>();
      for (const row of latest) {
        const score = row[issue.scoreField];
        if (score === null) continue;
        const key = `${primaryOf.get(row.upright_cid)}/${score}`;
        if (seen.has(key)) ties++;
        seen.add(key);
      }
    }
    expect(ties).toBeGreaterThan(20);
  });

  it('scores net neutrality only where it matters', () => {
    const industriesOf = new Map(sample.companies.map((c) => [c.upright_cid, c.industries]));
    const ranked = new Set(
      sample.industries
        .filter((i) => i.industry_values.includes('net_neutrality'))
        .map((i) => i.industry),
    );
    const scored = sample.scores.filter(
      (row: DataSet.ScoreRow) => row.net_neutrality_score !== null,
    );
    expect(scored.length).toBeGreaterThan(50);
    for (const row of scored) {
      expect(industriesOf.get(row.upright_cid)!.some((slug) => ranked.has(slug))).toBe(true);
    }
  });

  it('leaves non-disclosing private companies without some disclosure-dependent scores', () => {
    const silent = new Set(
      sample.companies
        .filter((c) => c.structure !== 'Public' && !c.alt_reporting && !c.self_reporting)
        .map((c) => c.upright_cid),
    );
    const fields = ISSUES.filter((issue) => DISCLOSURE_DEPENDENT_ISSUES.includes(issue.key)).map(
      (issue) => issue.scoreField,
    );
    const rows = sample.scores.filter((row) => silent.has(row.upright_cid));
    const nulls = rows
      .flatMap((row) => fields.map((field) => row[field]))
      .filter((v) => v === null);
    expect(nulls.length / (rows.length * fields.length)).toBeGreaterThan(0.2);
  });

  it('has every detail table for most companies in the latest quarter, with fictional sources', () => {
    for (const table of DETAIL_TABLE_NAMES) {
      const latest = sample.details[table].filter((row) => periodKey(row) === '2026 Q3');
      expect(latest.length).toBeGreaterThan(0.8 * sample.companies.length);
      for (const row of sample.details[table]) {
        expect(row.source_url).toMatch(/^https:\/\/example\.org\//);
        expect(Object.keys(row.metrics).length).toBeGreaterThan(0);
      }
    }
  });

  it('has about 30 reports: featured, latest, archived and major ones, with sources', () => {
    const { reports, report_sources } = sample;
    expect(reports.length).toBeGreaterThanOrEqual(25);
    expect(reports.length).toBeLessThanOrEqual(35);
    expect(reports.filter((r) => r.featured).length).toBeGreaterThanOrEqual(5);
    expect(reports.filter((r) => r.archived).length).toBeGreaterThanOrEqual(3);
    expect(
      reports.filter((r) => r.major && r.major_ranking && r.value === 'overall').length,
    ).toBeGreaterThanOrEqual(4);
    expect(reports.filter((r) => periodKey(r) === '2026 Q3').length).toBeGreaterThanOrEqual(5);
    expect(reports.filter((r) => r.featured && r.archived)).toEqual([]);
    expect(new Set(reports.map((r) => r.slug)).size).toBe(reports.length);
    for (const report of reports) {
      expect(report.report).toContain('sample data');
      expect(report_sources.some((source) => source.report_id === report.report_id)).toBe(true);
      expect(report.published_date > `${report.period_year}`).toBe(true);
    }
    expect(report_sources.some((source) => source.upright_cid === undefined)).toBe(true);
    expect(
      report_sources.every((source) => source.source_url.startsWith('https://example.org/')),
    ).toBe(true);
  });
});
