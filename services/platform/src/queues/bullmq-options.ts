import type { CommonConfig, QueueConfig } from '../config/common-schema';

/** What a process needs to reach its BullMQ queues. */
export type QueueConnectionConfig = Pick<CommonConfig, 'REDIS_URL'> & QueueConfig;

/**
 * The options of every BullMQ queue and worker (agreements: `REDIS_URL` and the `QUEUE_PREFIX`
 * key prefix). BullMQ opens its own connection from them, sets `maxRetriesPerRequest: null` on
 * a worker's blocking one and closes them with the queue or worker.
 */
export function bullmqOptions(config: QueueConnectionConfig) {
  return { connection: { url: config.REDIS_URL }, prefix: config.QUEUE_PREFIX };
}
