/**
 * Jobs this service puts on the `search-index` queue. Pure: the job ids are derived from the
 * documents, so pushing the same documents again (a re-import, a repeated publish) adds nothing
 * while BullMQ still holds the first job.
 */
import { createHash } from 'node:crypto';
import {
  SearchIndexJobs,
  type ReportSearchDocument,
  type SearchIndexJobData,
} from '@upright/contracts';

/** Documents per job: small payloads (docs/product/rules.md#s2), few jobs for a large import. */
export const DOCUMENTS_PER_JOB = 200;

export interface ReportIndexJob {
  name: typeof SearchIndexJobs.upsert;
  data: SearchIndexJobData['upsert'];
  jobId: string;
}

/** BullMQ ids may not contain ":"; a digest of the content keeps them short and stable. */
export function reportUpsertJobId(documents: readonly ReportSearchDocument[]): string {
  const digest = createHash('sha256').update(JSON.stringify(documents)).digest('hex');
  return `reports-upsert-${digest.slice(0, 40)}`;
}

export function reportUpsertJobs(documents: readonly ReportSearchDocument[]): ReportIndexJob[] {
  const jobs: ReportIndexJob[] = [];
  for (let start = 0; start < documents.length; start += DOCUMENTS_PER_JOB) {
    const batch = documents.slice(start, start + DOCUMENTS_PER_JOB);
    jobs.push({
      name: SearchIndexJobs.upsert,
      data: { app: 'reports', documents: batch },
      jobId: reportUpsertJobId(batch),
    });
  }
  return jobs;
}
