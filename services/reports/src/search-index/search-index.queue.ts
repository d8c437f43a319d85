import { searchIndexJobs, type ReportSearchDocument } from '@upright/contracts';
import { QueueProducer, type QueueConnectionConfig } from '@upright/platform';
import { reportUpsertJobs } from './report-index-jobs';

/** Pushes report documents onto the `search-index` queue (used by the service and the import). */
export class ReportSearchIndex {
  private readonly producer: QueueProducer<typeof searchIndexJobs>;

  constructor(config: QueueConnectionConfig) {
    this.producer = new QueueProducer(searchIndexJobs, config);
  }

  /** Returns the job ids (existing ids are not added twice: the queue keeps them a day). */
  async upsert(documents: readonly ReportSearchDocument[]): Promise<string[]> {
    const jobs = reportUpsertJobs(documents);
    await this.producer.addBulk(
      jobs.map((job) => ({ name: job.name, data: job.data, options: { jobId: job.jobId } })),
    );
    return jobs.map((job) => job.jobId);
  }

  close(): Promise<void> {
    return this.producer.close();
  }
}
