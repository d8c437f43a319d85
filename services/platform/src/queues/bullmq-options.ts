import type { CommonConfig, QueueConfig } from '../config/common-schema';
import { tracingActive } from '../tracing/process';
import { queueTelemetry } from '../tracing/queue-telemetry';

/** What a process needs to reach its BullMQ queues. */
export type QueueConnectionConfig = Pick<CommonConfig, 'REDIS_URL'> & QueueConfig;

/**
 * The connection of `queue` from a service's config (SERVICE_CONFIG). Without QUEUE_PREFIX,
 * BullMQ would quietly use its own prefix, which no Redis user of the stack manifest may touch.
 */
export function queueConnection(
  config: Partial<QueueConnectionConfig>,
  queue: string,
): QueueConnectionConfig {
  const { REDIS_URL, QUEUE_PREFIX } = config;
  if (!REDIS_URL || !QUEUE_PREFIX) {
    throw new Error(`${queue} needs QUEUE_PREFIX: add queueConfigSchema to the config`);
  }
  return { REDIS_URL, QUEUE_PREFIX };
}

/**
 * The options of every BullMQ queue and worker (agreements: `REDIS_URL` and the `QUEUE_PREFIX`
 * key prefix). BullMQ opens its own connection from them, sets `maxRetriesPerRequest: null` on
 * a worker's blocking one and closes them with the queue or worker. In a process that traces,
 * jobs carry the trace context of whoever added them (decision 0075); in one that does not,
 * BullMQ's telemetry is not even called.
 */
export function bullmqOptions(config: QueueConnectionConfig) {
  return {
    connection: { url: config.REDIS_URL },
    prefix: config.QUEUE_PREFIX,
    ...(tracingActive() ? { telemetry: queueTelemetry } : {}),
  };
}
