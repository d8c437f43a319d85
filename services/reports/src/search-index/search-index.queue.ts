import { Injectable } from '@nestjs/common';
import { searchIndexJobs, type ReportSearchDocument } from '@upright/contracts';
import { InjectQueueProducer, type QueueProducer } from '@upright/platform';
import { reportUpsertJobs } from './report-index-jobs';

/**
 * Pushes report documents onto the `search-index` queue: the service's provider, and the
 * import's with a producer of its own.
 */
@Injectable()
export class ReportSearchIndex {
  constructor(
    @InjectQueueProducer(searchIndexJobs)
    private readonly producer: QueueProducer<typeof searchIndexJobs>,
  ) {}

  /** Returns the job ids (existing ids are not added twice: the queue keeps them a day). */
  async upsert(documents: readonly ReportSearchDocument[]): Promise<string[]> {
    const jobs = reportUpsertJobs(documents);
    await this.producer.addBulk(
      jobs.map((job) => ({ name: job.name, data: job.data, options: { jobId: job.jobId } })),
    );
    return jobs.map((job) => job.jobId);
  }
}
