import type { FactoryProvider } from '@nestjs/common';
import { mailWorkerQueues } from '@upright/contracts';
import { QueueProducer, queueProducerToken, type QueueConnectionConfig } from '@upright/platform';
import type { Queue } from 'bullmq';

type MailQueueProducer = QueueProducer<(typeof mailWorkerQueues)[number]>;

/** Every mail queue (decision 0041): where dead letters are, and are retried (`make mail-retry`). */
export function openMailQueues(config: QueueConnectionConfig): MailQueueProducer[] {
  return mailWorkerQueues.map((contract) => new QueueProducer(contract, config));
}

/** The injection token of the mail queues the dead-letter view reads. */
export const MAIL_QUEUES = Symbol('MAIL_QUEUES');

/**
 * Read access to every mail queue for the dead-letter view (the workers have their own), from the
 * producers `QueueProducerModule.register(...mailWorkerQueues)` provides and closes.
 */
export const mailQueues: FactoryProvider<Queue[]> = {
  provide: MAIL_QUEUES,
  inject: mailWorkerQueues.map(queueProducerToken),
  useFactory: (...producers: MailQueueProducer[]) => producers.map((producer) => producer.queue),
};
