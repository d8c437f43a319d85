import type { ReportSearchDocument } from '@upright/contracts';
import { DOCUMENTS_PER_JOB, reportUpsertJobId, reportUpsertJobs } from './report-index-jobs';

const documentOf = (id: number): ReportSearchDocument => ({
  id: String(id),
  title: `Report ${id}`,
  slug: `report-${id}`,
  published_date: '2026-01-01',
  industry: 'banks',
  archived: false,
});

describe('report index jobs', () => {
  it('give the same documents the same job id, and other documents another', () => {
    const documents = [documentOf(1), documentOf(2)];
    expect(reportUpsertJobId(documents)).toBe(reportUpsertJobId(structuredClone(documents)));
    expect(reportUpsertJobId(documents)).not.toBe(
      reportUpsertJobId([documentOf(1), { ...documentOf(2), title: 'Renamed' }]),
    );
  });

  it('use ids BullMQ accepts (no ":", not an integer)', () => {
    const id = reportUpsertJobId([documentOf(1)]);
    expect(id).not.toContain(':');
    expect(String(parseInt(id, 10))).not.toBe(id);
  });

  it('split many documents into upserts of the reports app', () => {
    const documents = Array.from({ length: DOCUMENTS_PER_JOB * 2 + 1 }, (_, i) =>
      documentOf(i + 1),
    );
    const jobs = reportUpsertJobs(documents);
    expect(jobs.map((job) => job.data.documents.length)).toEqual([
      DOCUMENTS_PER_JOB,
      DOCUMENTS_PER_JOB,
      1,
    ]);
    expect(jobs.every((job) => job.name === 'upsert' && job.data.app === 'reports')).toBe(true);
    expect(new Set(jobs.map((job) => job.jobId)).size).toBe(3);
    expect(reportUpsertJobs([])).toEqual([]);
  });
});
