import {
  applyDecorators,
  BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  Module,
  OnApplicationBootstrap,
  Optional,
  SetMetadata,
} from '@nestjs/common';
import { DiscoveryModule, DiscoveryService } from '@nestjs/core';
import {
  MalformedJobError,
  type JobOf,
  type QueueContract,
  type QueueName,
} from '@upright/contracts';
import { UnrecoverableError, Worker, type Job, type JobType, type WorkerOptions } from 'bullmq';
import { Gauge } from 'prom-client';
import { SERVICE_CONFIG } from '../config/config.module';
import { Metrics } from '../metrics/metrics';
import { bullmqOptions, queueConnection, type QueueConnectionConfig } from './bullmq-options';
import { QueueProducer } from './queue-producer';

/** Worker settings a consumer may choose; the connection and key prefix are the platform's. */
export type QueueWorkerSettings = Omit<WorkerOptions, 'connection' | 'prefix' | 'autorun'>;

/**
 * The consumer of one queue (or of several with one job type, e.g. one per producer), found by
 * `@QueueWorker(contract)` like a handler by `@MessagePattern`: it only processes jobs; the
 * platform owns the BullMQ Workers.
 */
export interface QueueConsumer<C extends QueueContract = QueueContract> {
  /** One job, already checked against the contract; the result is stored with the job. */
  process(job: JobOf<C>, raw: Job): Promise<unknown>;
  /** Settings that depend on the service's config (concurrency, locks); `@QueueWorker`'s otherwise. */
  workerSettings?(): QueueWorkerSettings;
  onCompleted?(raw: Job, result: unknown): void;
  /** Replaces the platform's log line of a failed attempt (the consumer logs it its own way). */
  onFailed?(raw: Job, error: Error): void;
}

interface QueueWorkerMetadata {
  contracts: readonly QueueContract[];
  settings: QueueWorkerSettings;
}

const QUEUE_WORKER = Symbol('QUEUE_WORKER');

/**
 * Marks a provider as the consumer of a queue, or of each of several queues. The platform starts
 * one Worker per queue once the app has bootstrapped and closes them (waiting for the jobs being
 * processed) before the app shuts down; a job whose name or data does not match its queue's
 * contract fails at once, without retries.
 */
export function QueueWorker(
  contract: QueueContract | readonly QueueContract[],
  settings: QueueWorkerSettings = {},
): ClassDecorator {
  const contracts = Array.isArray(contract) ? contract : [contract as QueueContract];
  return applyDecorators(
    Injectable(),
    SetMetadata(QUEUE_WORKER, { contracts, settings } satisfies QueueWorkerMetadata),
  );
}

/** The processor BullMQ runs: contract check first, then the consumer. */
export function jobProcessor(
  contract: QueueContract,
  consumer: Pick<QueueConsumer, 'process'>,
): (job: Job) => Promise<unknown> {
  return async (job) => {
    let checked;
    try {
      checked = contract.parse(job.name, job.data);
    } catch (error) {
      // A malformed job would fail the same way on every retry.
      if (error instanceof MalformedJobError) throw new UnrecoverableError(error.message);
      throw error;
    }
    return consumer.process(checked, job);
  };
}

/** A decorated provider's instance and what its decorator said. */
export interface DiscoveredQueueWorker extends QueueWorkerMetadata {
  consumer: QueueConsumer;
}

/** One Worker to start: a queue's contract and its consumer. */
interface QueueWorkerToStart {
  contract: QueueContract;
  settings: QueueWorkerSettings;
  consumer: QueueConsumer;
}

/** Every `@QueueWorker` provider of the app. */
export function discoverQueueWorkers(discovery: DiscoveryService): DiscoveredQueueWorker[] {
  return discovery.getProviders().flatMap((wrapper) => {
    const metadata = wrapper.metatype
      ? (Reflect.getMetadata(QUEUE_WORKER, wrapper.metatype) as QueueWorkerMetadata | undefined)
      : undefined;
    if (!metadata || !wrapper.instance) return [];
    return [{ ...metadata, consumer: wrapper.instance as QueueConsumer }];
  });
}

/**
 * The job states `upright_queue_jobs` reports: the backlog (waiting, prioritized, delayed,
 * paused), the jobs being worked on and the dead letters (failed for good, decision 0074).
 */
const REPORTED_STATES: JobType[] = [
  'waiting',
  'prioritized',
  'delayed',
  'paused',
  'active',
  'failed',
];

/** Starts and stops the Workers of every `@QueueWorker` provider. */
@Injectable()
export class QueueWorkers implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('QueueWorkers');
  private workers?: Worker[];
  /** Read access to the worked queues for their job counts (only with metrics to report to). */
  private counted: QueueProducer<QueueContract>[] = [];

  constructor(
    private readonly discovery: DiscoveryService,
    @Inject(SERVICE_CONFIG) private readonly config: Partial<QueueConnectionConfig>,
    @Optional() private readonly metrics?: Metrics,
  ) {}

  onApplicationBootstrap(): void {
    // A hybrid app (HTTP + transport) may run bootstrap hooks once for each.
    if (this.workers) return;
    const toStart = discoverQueueWorkers(this.discovery).flatMap(({ contracts, ...found }) =>
      contracts.map((contract) => ({ contract, ...found })),
    );
    this.workers = toStart.map((worker) => this.start(worker));
    if (this.metrics && toStart.length > 0) {
      this.countJobs(
        this.metrics,
        toStart.map(({ contract }) => contract),
      );
    }
  }

  /** SIGTERM: takes no new job and waits for the jobs being processed to finish. */
  async beforeApplicationShutdown(): Promise<void> {
    await Promise.all((this.workers ?? []).map((worker) => worker.close()));
    await Promise.all(this.counted.map((queue) => queue.close()));
  }

  /**
   * `upright_queue_jobs{queue,state}`, read from Redis when scraped, for the queue backlog and
   * dead-letter alerts; every replica of a worker reports the same counts. A queue Redis does
   * not answer for has no sample that scrape.
   */
  private countJobs(metrics: Metrics, contracts: QueueContract[]): void {
    this.counted = contracts.map(
      (contract) => new QueueProducer(contract, queueConnection(this.config, contract.queue)),
    );
    const counted = this.counted;
    new Gauge({
      name: 'upright_queue_jobs',
      help: 'Jobs of each queue this process works on, per state (failed: dead letters)',
      labelNames: ['queue', 'state'],
      registers: [metrics.registry],
      async collect() {
        this.reset();
        await Promise.all(
          counted.map(async ({ queue }) => {
            const counts = await queue.getJobCounts(...REPORTED_STATES).catch(() => null);
            for (const [state, count] of Object.entries(counts ?? {})) {
              this.set({ queue: queue.name, state }, count);
            }
          }),
        );
      },
    });
  }

  private start({ contract, settings, consumer }: QueueWorkerToStart): Worker {
    const queue: QueueName = contract.queue;
    const worker = new Worker(queue, jobProcessor(contract, consumer), {
      ...settings,
      ...consumer.workerSettings?.(),
      ...bullmqOptions(queueConnection(this.config, queue)),
    });
    if (consumer.onCompleted)
      worker.on('completed', (job, result) => consumer.onCompleted!(job, result));
    worker.on('failed', (job, error) => {
      if (!job) return;
      if (consumer.onFailed) return consumer.onFailed(job, error);
      const final = job.finishedOn !== undefined;
      this.logger.warn(
        { queue, job: job.name, id: job.id, attempt: job.attemptsMade, err: error.message },
        final ? 'job failed for good' : 'job failed, will retry',
      );
    });
    worker.on('error', (error) => this.logger.warn({ queue, err: error.message }, 'queue error'));
    return worker;
  }
}

/** Part of every service module: finds and runs the app's queue workers. */
@Module({ imports: [DiscoveryModule], providers: [QueueWorkers] })
export class QueueWorkersModule {}
