import { DataSet } from '@upright/contracts';
import {
  changesIn,
  planImport,
  sourceKey,
  type StoredReport,
  type StoredSource,
} from './import-plan';

const report = (id: number, title = `Report ${id}`): StoredReport =>
  DataSet.reportRowSchema.parse({
    report_id: id,
    title,
    slug: `report-${id}`,
    published_date: '2026-05-01',
    industry: 'banks',
    value: 'tax',
    geography: 'us',
    count: 10,
    period_year: 2026,
    period_qrt: 1,
    report: '## Summary',
  });

const source = (id: number, title = 'A source', cid?: string): StoredSource =>
  DataSet.reportSourceRowSchema.parse({
    report_id: id,
    ...(cid ? { upright_cid: cid } : {}),
    source_publisher: 'Publisher',
    source_url: 'https://example.org/a',
    source_date: '2026-04-01',
    title,
  });

const byId = (rows: StoredReport[]) => new Map(rows.map((row) => [row.report_id, row]));
const byKey = (rows: StoredSource[]) => new Map(rows.map((row) => [sourceKey(row), row]));

describe('planImport', () => {
  it('inserts what is new, updates what differs, leaves the rest', () => {
    const plan = planImport(
      {
        reports: [report(1), report(2, 'Renamed'), report(3)],
        report_sources: [source(1), source(2, 'Other', 'UC1')],
      },
      byId([report(1), report(2)]),
      byKey([source(1, 'Old title')]),
    );
    expect(plan.insertReports.map((row) => row.report_id)).toEqual([3]);
    expect(plan.updateReports.map((row) => row.title)).toEqual(['Renamed']);
    expect(plan.unchangedReports).toBe(1);
    expect(plan.updateSources.map((row) => row.title)).toEqual(['A source']);
    expect(plan.insertSources.map((row) => row.upright_cid)).toEqual(['UC1']);
    expect(changesIn(plan)).toBe(4);
  });

  it('changes nothing when the file equals what is stored (re-import)', () => {
    const file = {
      reports: [report(1), report(2)],
      report_sources: [source(1), source(1, 'x', 'UC9')],
    };
    const plan = planImport(file, byId(file.reports), byKey(file.report_sources));
    expect(changesIn(plan)).toBe(0);
    expect(plan.unchangedReports).toBe(2);
    expect(plan.unchangedSources).toBe(2);
  });

  it('keys a source on report, company and URL: a general and a company source differ', () => {
    expect(sourceKey(source(1))).not.toBe(sourceKey(source(1, 'A source', 'UC1')));
  });
});
