import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { mailWorkerQueues } from '@upright/contracts';
import { QueueProducer, SERVICE_CONFIG, type QueueConnectionConfig } from '@upright/platform';
import type { Queue } from 'bullmq';

/** Every mail queue (decision 0041): where dead letters are, and are retried. */
export function openMailQueues(
  config: QueueConnectionConfig,
): QueueProducer<(typeof mailWorkerQueues)[number]>[] {
  return mailWorkerQueues.map((contract) => new QueueProducer(contract, config));
}

/** Read access to the mail queues for the dead-letter view (the workers have their own). */
@Injectable()
export class MailQueues implements OnApplicationShutdown {
  private readonly producers: ReturnType<typeof openMailQueues>;
  readonly queues: Queue[];

  constructor(@Inject(SERVICE_CONFIG) config: QueueConnectionConfig) {
    this.producers = openMailQueues(config);
    this.queues = this.producers.map((producer) => producer.queue);
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all(this.producers.map((producer) => producer.close()));
  }
}
