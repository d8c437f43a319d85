import { Queues } from '@upright/contracts';
import { deleteKeys, testInfra, uniqueTransportPrefix } from '@upright/platform/testing';
import { bullmqOptions } from '@upright/platform';
import { Queue } from 'bullmq';

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
  const options = bullmqOptions({ REDIS_URL: env.REDIS_URL!, QUEUE_PREFIX: prefix });
  // As the producers add: raw queues, so a test can also add what a producer's contract refuses.
  const queue = new Queue(Queues.mailAccounts, options);
  const rankingsQueue = new Queue(Queues.mailRankings, options);
  return {
    prefix,
    env,
    /** Accounts' mail queue. */
    queue,
    rankingsQueue,
    /** Closes the queues and deletes every key of this setup. */
    async cleanup(): Promise<void> {
      await Promise.all([queue.close(), rankingsQueue.close()]);
      await deleteKeys(env.REDIS_URL!, prefix);
    },
  };
}
