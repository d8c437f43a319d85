import 'reflect-metadata';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { jobsByName, jobsOfAnyName, Queues } from '@upright/contracts';
import { UnrecoverableError, type Job } from 'bullmq';
import { z } from 'zod';
import { ConfigModule, SERVICE_CONFIG } from '../config/config.module';
import { jobProcessor, QueueWorker, QueueWorkersModule, type QueueConsumer } from './queue-worker';

/** A stand-in for BullMQ's Worker: records what the platform asked for, opens no connection. */
const started: FakeWorker[] = [];
class FakeWorker {
  readonly handlers = new Map<string, (...args: unknown[]) => void>();
  closed = false;
  constructor(
    readonly queue: string,
    readonly processor: (job: Job) => Promise<unknown>,
    readonly options: Record<string, unknown>,
  ) {
    started.push(this);
  }
  on(event: string, handler: (...args: unknown[]) => void): this {
    this.handlers.set(event, handler);
    return this;
  }
  async close(): Promise<void> {
    this.closed = true;
  }
}
jest.mock('bullmq', () => ({
  ...jest.requireActual('bullmq'),
  Worker: jest.fn((...args: ConstructorParameters<typeof FakeWorker>) => new FakeWorker(...args)),
}));

const deletions = jobsOfAnyName(Queues.memberDeletion, z.strictObject({ uid: z.string().min(1) }));
const indexJobs = jobsByName<{ upsert: { ids: string[] } }>(Queues.searchIndex, {
  upsert: z.strictObject({ ids: z.array(z.string()) }),
});
const job = (name: string, data: unknown) => ({ name, data, id: '1' }) as Job;

describe('jobProcessor', () => {
  const process = jest.fn(async () => 'done');
  const run = jobProcessor(indexJobs, { process });

  beforeEach(() => process.mockClear());

  it('hands the checked job and the raw one to the consumer', async () => {
    const raw = job('upsert', { ids: ['a'] });
    await expect(run(raw)).resolves.toBe('done');
    expect(process).toHaveBeenCalledWith({ name: 'upsert', data: { ids: ['a'] } }, raw);
  });

  it('fails a malformed job for good, naming the fields but not their values', async () => {
    const failure = run(job('upsert', { ids: 'secret-value' }));
    await expect(failure).rejects.toBeInstanceOf(UnrecoverableError);
    await expect(run(job('upsert', { ids: 'secret-value' }))).rejects.toThrow(
      'invalid upsert job: ids',
    );
    await expect(run(job('upsert', { ids: 'secret-value' }))).rejects.not.toThrow(/secret/);
    expect(process).not.toHaveBeenCalled();
  });

  it('fails a job of an unknown name for good', async () => {
    await expect(run(job('drop', {}))).rejects.toThrow(
      new UnrecoverableError('unknown job name "drop"'),
    );
  });

  it("leaves the consumer's own failures to BullMQ's retries", async () => {
    const failing = jobProcessor(deletions, {
      process: async () => {
        throw new Error('database away');
      },
    });
    const failure = failing(job('delete-member', { uid: 'u-1' }));
    await expect(failure).rejects.toThrow('database away');
    await expect(failing(job('delete-member', { uid: 'u-1' }))).rejects.not.toBeInstanceOf(
      UnrecoverableError,
    );
  });
});

@QueueWorker(deletions, { concurrency: 1 })
class DeletionConsumer implements QueueConsumer<typeof deletions> {
  readonly failures: string[] = [];
  async process(): Promise<void> {}
  workerSettings() {
    return { lockDuration: 5000 };
  }
  onFailed(raw: Job, error: Error): void {
    this.failures.push(`${raw.id}: ${error.message}`);
  }
}

class NotAWorker {}

@Module({
  imports: [
    ConfigModule.forRoot(SERVICE_CONFIG, { REDIS_URL: 'redis://x:6379', QUEUE_PREFIX: 'test' }),
    QueueWorkersModule,
  ],
  providers: [DeletionConsumer, NotAWorker],
})
class AppModule {}

describe('QueueWorkers', () => {
  beforeEach(() => (started.length = 0));

  it('starts one Worker per @QueueWorker provider at bootstrap and closes it at shutdown', async () => {
    const app = await NestFactory.createApplicationContext(AppModule, { logger: false });
    expect(started.map((worker) => worker.queue)).toEqual([Queues.memberDeletion]);
    const [worker] = started;
    expect(worker.options).toEqual({
      concurrency: 1,
      lockDuration: 5000,
      connection: { url: 'redis://x:6379' },
      prefix: 'test',
    });
    await expect(worker.processor(job('delete-member', { uid: '' }))).rejects.toBeInstanceOf(
      UnrecoverableError,
    );

    worker.handlers.get('failed')!(job('delete-member', {}), new Error('boom'));
    expect(app.get(DeletionConsumer).failures).toEqual(['1: boom']);

    await app.close();
    expect(worker.closed).toBe(true);
  });

  it('starts one Worker per queue of a consumer of several, each checking its own contract', async () => {
    @QueueWorker([deletions, indexJobs])
    class TwoQueues implements QueueConsumer<typeof deletions | typeof indexJobs> {
      async process(): Promise<string> {
        return 'done';
      }
    }
    @Module({
      imports: [
        ConfigModule.forRoot(SERVICE_CONFIG, { REDIS_URL: 'redis://x:6379', QUEUE_PREFIX: 'test' }),
        QueueWorkersModule,
      ],
      providers: [TwoQueues],
    })
    class TwoQueuesModule {}
    const app = await NestFactory.createApplicationContext(TwoQueuesModule, { logger: false });
    expect(started.map((worker) => worker.queue)).toEqual([
      Queues.memberDeletion,
      Queues.searchIndex,
    ]);
    const [deletionWorker, indexWorker] = started;
    await expect(deletionWorker!.processor(job('delete-member', { uid: 'u-1' }))).resolves.toBe(
      'done',
    );
    // A job that is well formed on one queue is refused on the other.
    await expect(
      indexWorker!.processor(job('delete-member', { uid: 'u-1' })),
    ).rejects.toBeInstanceOf(UnrecoverableError);
    await app.close();
    expect(started.every((worker) => worker.closed)).toBe(true);
  });

  it('refuses to start a worker without a queue prefix', async () => {
    @Module({
      imports: [
        ConfigModule.forRoot(SERVICE_CONFIG, { REDIS_URL: 'redis://x' }),
        QueueWorkersModule,
      ],
      providers: [DeletionConsumer],
    })
    class NoPrefixModule {}
    await expect(
      NestFactory.createApplicationContext(NoPrefixModule, { logger: false, abortOnError: false }),
    ).rejects.toThrow(/QUEUE_PREFIX/);
  });
});
