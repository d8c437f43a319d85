import { Queues, type ReportSearchDocument } from '@upright/contracts';
import { bullmqOptions, type QueueConnectionConfig } from '@upright/platform';
import { Queue } from 'bullmq';
import { reportUpsertJobs } from './report-index-jobs';

/** Retries until the search service takes the job; completed ids are kept a day for dedup. */
const JOB_OPTIONS = {
  attempts: 10,
  backoff: { type: 'exponential', delay: 1000 },
  removeOnComplete: { age: 24 * 3600, count: 10_000 },
  removeOnFail: { age: 7 * 24 * 3600 },
} as const;

/** Pushes report documents onto the `search-index` queue (used by the service and the import). */
export class ReportSearchIndex {
  private readonly queue: Queue;

  constructor(config: QueueConnectionConfig) {
    this.queue = new Queue(Queues.searchIndex, bullmqOptions(config));
  }

  /** Returns the job ids (existing ids are not added twice). */
  async upsert(documents: readonly ReportSearchDocument[]): Promise<string[]> {
    const jobs = reportUpsertJobs(documents);
    await this.queue.addBulk(
      jobs.map((job) => ({
        name: job.name,
        data: job.data,
        opts: { ...JOB_OPTIONS, jobId: job.jobId },
      })),
    );
    return jobs.map((job) => job.jobId);
  }

  close(): Promise<void> {
    return this.queue.close();
  }
}
