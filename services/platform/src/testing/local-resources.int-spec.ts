import Redis from 'ioredis';
import { createServer } from 'node:net';
import { once } from 'node:events';
import { deleteKeys, freePort } from './local-resources';
import { testInfra, uniqueTransportPrefix } from './test-stack';

describe('local test resources', () => {
  it('finds a port a server can listen on', async () => {
    const port = await freePort();
    const server = createServer().listen(port, '127.0.0.1');
    await once(server, 'listening');
    server.close();
    await once(server, 'close');
  });

  it('deletes the keys under a prefix and nothing else', async () => {
    const redis = new Redis(testInfra().redisUrl);
    const prefix = uniqueTransportPrefix('platform-keys');
    const other = `${prefix}x`;
    try {
      await redis.set(`${prefix}:a`, '1');
      await redis.set(`${prefix}:b:c`, '1');
      await redis.set(`${other}:a`, '1');
      await deleteKeys(testInfra().redisUrl, prefix);
      expect(await redis.exists(`${prefix}:a`, `${prefix}:b:c`)).toBe(0);
      expect(await redis.exists(`${other}:a`)).toBe(1);
      await redis.set(`${prefix}:d`, '1');
      await deleteKeys(redis, prefix);
      expect(await redis.exists(`${prefix}:d`)).toBe(0);
      expect(redis.status).toBe('ready');
    } finally {
      await redis.del(`${other}:a`);
      redis.disconnect();
    }
  });
});
