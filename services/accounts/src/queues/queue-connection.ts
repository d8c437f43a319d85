import IORedis from 'ioredis';
import type { AccountsConfig } from '../config/accounts-config';

/** BullMQ's options for every queue and worker of accounts (agreements: REDIS_URL, QUEUE_PREFIX). */
export function queueOptions(config: AccountsConfig) {
  // BullMQ needs maxRetriesPerRequest: null on blocking connections; one connection per queue.
  const connection = new IORedis(config.REDIS_URL, { maxRetriesPerRequest: null });
  connection.on('error', () => undefined);
  return { connection, prefix: config.QUEUE_PREFIX };
}
