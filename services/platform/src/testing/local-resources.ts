import { once } from 'node:events';
import { createServer } from 'node:net';
import Redis from 'ioredis';

/** A TCP port nothing listens on now, for a private server a test starts (maildev, Redis). */
export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  await once(server, 'close');
  if (address === null || typeof address === 'string') throw new Error('No port');
  return address.port;
}

/**
 * Deletes every key under `prefix:` (a test's transport or queue prefix) on the given Redis
 * connection, or on a connection of its own to the given URL.
 */
export async function deleteKeys(redis: Redis | string, prefix: string): Promise<void> {
  const client = typeof redis === 'string' ? new Redis(redis) : redis;
  try {
    let cursor = '0';
    do {
      const [next, keys] = await client.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      if (keys.length > 0) await client.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    if (client !== redis) client.disconnect();
  }
}
