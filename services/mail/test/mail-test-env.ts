import { Queues } from '@upright/contracts';
import { testInfra, uniqueTransportPrefix } from '@upright/platform/testing';
import { Queue } from 'bullmq';
import Redis from 'ioredis';

export const MAIL_FROM = 'mail@upright.test';
export const CONTACT_INBOX = 'inbox@upright.test';
export const PUBLIC_URL = 'https://upright.test';

/** One isolated mail setup: its own queue prefix and transport prefix on the shared Redis. */
export function mailTestEnv(label: string, smtpUrl: string, extra: Record<string, string> = {}) {
  const prefix = uniqueTransportPrefix(`mail-${label}`);
  const env: Record<string, string> = {
    REDIS_URL: testInfra().redisUrl,
    TRANSPORT_PREFIX: prefix,
    QUEUE_PREFIX: prefix,
    SMTP_URL: smtpUrl,
    MAIL_FROM,
    CONTACT_INBOX,
    PUBLIC_URL,
    PRODUCT_NAME: 'Upright',
    ...extra,
  };
  const queue = new Queue(Queues.mail, { connection: { url: env.REDIS_URL! }, prefix });
  return {
    prefix,
    env,
    queue,
    /** Closes the queue and deletes every key of this setup. */
    async cleanup(): Promise<void> {
      await queue.close();
      const redis = new Redis(env.REDIS_URL!);
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
        if (keys.length > 0) await redis.del(...keys);
        cursor = next;
      } while (cursor !== '0');
      redis.disconnect();
    },
  };
}
