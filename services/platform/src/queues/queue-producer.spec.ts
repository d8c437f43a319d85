import 'reflect-metadata';
import { Injectable, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { jobsByName, jobsOfAnyName, MalformedJobError, Queues } from '@upright/contracts';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { ConfigModule, SERVICE_CONFIG } from '../config/config.module';
import { QueueProducer } from './queue-producer';
import { InjectQueueProducer, QueueProducerModule } from './queue-producer.module';

/** A stand-in for BullMQ's Queue: records what the producer asked for, opens no connection. */
const opened: FakeQueue[] = [];
class FakeQueue {
  readonly added: Array<{ name: string; data: unknown; opts: unknown }> = [];
  readonly schedulers: unknown[][] = [];
  readonly listeners: string[] = [];
  constructor(
    readonly name: string,
    readonly options: Record<string, unknown>,
  ) {
    opened.push(this);
  }
  on(event: string): this {
    this.listeners.push(event);
    return this;
  }
  async add(name: string, data: unknown, opts: unknown) {
    this.added.push({ name, data, opts });
    return { name, data };
  }
  async addBulk(jobs: Array<{ name: string; data: unknown; opts: unknown }>) {
    this.added.push(...jobs);
    return jobs;
  }
  async upsertJobScheduler(...args: unknown[]) {
    this.schedulers.push(args);
    return {};
  }
  closed = false;
  async close() {
    this.closed = true;
  }
}
jest.mock('bullmq', () => ({
  ...jest.requireActual('bullmq'),
  Queue: jest.fn((...args: ConstructorParameters<typeof FakeQueue>) => new FakeQueue(...args)),
}));

const config = { REDIS_URL: 'redis://x:6379', QUEUE_PREFIX: 'test' };
const jobOptions = { attempts: 3, backoff: { type: 'fixed', delay: 10 } } as const;
const indexJobs = jobsByName<{ upsert: { ids: string[] }; drop: { app: string } }>(
  Queues.searchIndex,
  {
    upsert: z.strictObject({ ids: z.array(z.string()) }),
    drop: z.strictObject({ app: z.string().min(1) }),
  },
  { jobOptions },
);

describe('QueueProducer', () => {
  beforeEach(() => (opened.length = 0));

  it("opens its contract's queue with the platform's connection and the contract's job options", () => {
    new QueueProducer(indexJobs, config);
    expect(opened).toHaveLength(1);
    expect(opened[0]!.name).toBe(Queues.searchIndex);
    expect(opened[0]!.options).toEqual({
      connection: { url: 'redis://x:6379' },
      prefix: 'test',
      defaultJobOptions: jobOptions,
    });
    expect(opened[0]!.listeners).toContain('error');
  });

  it('adds a job that matches the contract, with the options of the add', async () => {
    const producer = new QueueProducer(indexJobs, config);
    await producer.add('upsert', { ids: ['a'] }, { jobId: 'j-1' });
    expect(opened[0]!.added).toEqual([
      { name: 'upsert', data: { ids: ['a'] }, opts: { jobId: 'j-1' } },
    ]);
  });

  it('refuses a job the worker would refuse, before it reaches Redis', async () => {
    const producer = new QueueProducer(indexJobs, config);
    await expect(producer.add('upsert', { ids: 'all' } as never)).rejects.toThrow(
      new MalformedJobError('invalid upsert job: ids'),
    );
    await expect(producer.add('forge' as never, {} as never)).rejects.toThrow(MalformedJobError);
    expect(opened[0]!.added).toEqual([]);
  });

  it('adds in bulk only when every job is well formed, each with the job options', async () => {
    const producer = new QueueProducer(indexJobs, config);
    await expect(
      producer.addBulk([
        { name: 'upsert', data: { ids: ['a'] } },
        { name: 'drop', data: { app: '' } },
      ]),
    ).rejects.toThrow(MalformedJobError);
    expect(opened[0]!.added).toEqual([]);
    await producer.addBulk([{ name: 'upsert', data: { ids: ['a'] }, options: { jobId: 'x' } }]);
    expect(opened[0]!.added).toEqual([
      { name: 'upsert', data: { ids: ['a'] }, opts: { ...jobOptions, jobId: 'x' } },
    ]);
  });

  it('schedules a repeatable job of the contract', async () => {
    const sweeps = jobsOfAnyName(Queues.searchAnalyticsRetention, z.null(), {
      jobOptions: { removeOnComplete: 10 },
    });
    const producer = new QueueProducer(sweeps, config);
    await producer.schedule('every-minute', { every: 60_000 }, 'sweep', null);
    expect(opened[0]!.schedulers).toEqual([
      [
        'every-minute',
        { every: 60_000 },
        { name: 'sweep', data: null, opts: { removeOnComplete: 10 } },
      ],
    ]);
    await expect(producer.schedule('x', { every: 1 }, 'sweep', {} as never)).rejects.toThrow(
      MalformedJobError,
    );
  });
});

@Injectable()
class IndexOutbox {
  constructor(@InjectQueueProducer(indexJobs) readonly producer: QueueProducer<typeof indexJobs>) {}
}

describe('QueueProducerModule', () => {
  beforeEach(() => (opened.length = 0));

  it("gives a provider its queue's producer, from the service's config, and closes it at shutdown", async () => {
    @Module({
      imports: [
        ConfigModule.forRoot(SERVICE_CONFIG, config),
        QueueProducerModule.register(indexJobs),
      ],
      providers: [IndexOutbox],
    })
    class AppModule {}
    const app = await NestFactory.createApplicationContext(AppModule, { logger: false });
    const { producer } = app.get(IndexOutbox);
    expect(producer).toBeInstanceOf(QueueProducer);
    expect(producer.contract).toBe(indexJobs);
    expect(opened.map((queue) => [queue.name, queue.options.prefix])).toEqual([
      [Queues.searchIndex, 'test'],
    ]);
    await app.close();
    expect(opened[0]!.closed).toBe(true);
  });

  it('refuses to start without QUEUE_PREFIX, which BullMQ would replace with its own', async () => {
    @Module({
      imports: [
        ConfigModule.forRoot(SERVICE_CONFIG, { REDIS_URL: config.REDIS_URL }),
        QueueProducerModule.register(indexJobs),
      ],
      providers: [IndexOutbox],
    })
    class AppModule {}
    await expect(
      NestFactory.createApplicationContext(AppModule, { logger: false, abortOnError: false }),
    ).rejects.toThrow(`${Queues.searchIndex} needs QUEUE_PREFIX: add queueConfigSchema`);
  });
});

describe('the producers of the services', () => {
  const servicesDir = path.resolve(__dirname, '../../..');
  const sources = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return entry.name === 'generated' ? [] : sources(full);
      return entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') ? [full] : [];
    });

  const serviceSources = (): string[] =>
    readdirSync(servicesDir).flatMap((service) => {
      try {
        return sources(path.join(servicesDir, service, 'src'));
      } catch {
        return [];
      }
    });

  it('come from the queue contracts: no service builds a BullMQ Queue by hand', () => {
    const handWritten = serviceSources()
      .filter((file) => file !== path.join(__dirname, 'queue-producer.ts'))
      .filter((file) => /\bnew Queue(<[^>]*>)?\(/.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(servicesDir, file));
    expect(handWritten).toEqual([]);
  });

  it('are injected into providers (QueueProducerModule); only command-line code builds one', () => {
    const built = serviceSources()
      .filter((file) => !file.startsWith(__dirname))
      .filter((file) => {
        const source = readFileSync(file, 'utf8');
        return (
          /@(Injectable|Module|Controller)\(/.test(source) && /\bnew QueueProducer\(/.test(source)
        );
      })
      .map((file) => path.relative(servicesDir, file));
    expect(built).toEqual([]);
  });
});
