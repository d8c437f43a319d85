import Redis from 'ioredis';

/** A Redis connection for BullMQ: its blocking commands need `maxRetriesPerRequest: null`. */
export function queueConnection(redisUrl: string, name: string): Redis {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: null, connectionName: name });
  // ioredis reconnects by itself; an unhandled error event would end the process.
  redis.on('error', () => undefined);
  return redis;
}
