import type { JobOf, QueueContract } from '@upright/contracts';
import { Queue, type Job, type JobsOptions, type RepeatOptions } from 'bullmq';
import { bullmqOptions, type QueueConnectionConfig } from './bullmq-options';

/** The job names a contract accepts. */
export type JobNameOf<C extends QueueContract> = JobOf<C>['name'];

/** Each job name's data (for a contract of `jobsOfAnyName`, any name's). */
type DataByName<C extends QueueContract> = {
  [J in JobOf<C> as J['name']]: J['data'];
};

/** The data of the jobs named `N`. */
export type JobDataOf<C extends QueueContract, N extends JobNameOf<C>> = DataByName<C>[N];

/** What one add may choose beyond the contract's job options (its id, a delay). */
export type AddJobOptions = Omit<JobsOptions, 'repeat'>;

/**
 * The producer side of a queue contract, as `@QueueWorker` is the consumer side: it owns the
 * BullMQ Queue (the platform's connection and key prefix), applies the contract's job options
 * and checks every job against the contract before it reaches Redis, so a producer cannot add
 * what the worker would refuse. A provider gets one injected (`QueueProducerModule`), which
 * closes it when the app shuts down; a command-line tool builds its own and closes it (`close`).
 */
export class QueueProducer<C extends QueueContract> {
  /**
   * The queue itself, for reading and managing its jobs (lists, removal, retries of dead
   * letters). Jobs are added through `add`, `addBulk` and `schedule`, never here.
   */
  readonly queue: Queue;

  constructor(
    readonly contract: C,
    config: QueueConnectionConfig,
  ) {
    this.queue = new Queue(contract.queue, {
      ...bullmqOptions(config),
      defaultJobOptions: contract.jobOptions,
    });
    // BullMQ reconnects by itself, and readiness reports an unreachable Redis; an 'error'
    // without a listener would end the process.
    this.queue.on('error', () => undefined);
  }

  /** Adds one job, checked against the contract (a `MalformedJobError` names the bad fields). */
  async add<N extends JobNameOf<C>>(
    name: N,
    data: JobDataOf<C, N>,
    options: AddJobOptions = {},
  ): Promise<Job> {
    const checked = this.contract.parse(name, data);
    return this.queue.add(checked.name, checked.data, options);
  }

  /** Adds jobs at once (one round trip), each checked first: none is added if one is malformed. */
  async addBulk<N extends JobNameOf<C>>(
    jobs: ReadonlyArray<{ name: N; data: JobDataOf<C, N>; options?: AddJobOptions }>,
  ): Promise<Job[]> {
    const checked = jobs.map((job) => ({
      ...this.contract.parse(job.name, job.data),
      opts: { ...this.contract.jobOptions, ...job.options },
    }));
    return this.queue.addBulk(checked);
  }

  /** Creates or updates a repeatable job (BullMQ's job scheduler) whose jobs are checked too. */
  async schedule<N extends JobNameOf<C>>(
    schedulerId: string,
    repeat: Omit<RepeatOptions, 'key'>,
    name: N,
    data: JobDataOf<C, N>,
  ): Promise<Job> {
    const checked = this.contract.parse(name, data);
    return this.queue.upsertJobScheduler(schedulerId, repeat, {
      name: checked.name,
      data: checked.data,
      opts: { ...this.contract.jobOptions },
    });
  }

  close(): Promise<void> {
    return this.queue.close();
  }

  /** Nest's hook, for the producers `QueueProducerModule` provides (after the workers stopped). */
  onApplicationShutdown(): Promise<void> {
    return this.close();
  }
}
