/**
 * The per-process Redis ACL users of local mode, on a real Redis: the transport and BullMQ work
 * under them, and a process holding another service's user cannot read that service's streams.
 */
import {
  Events,
  mailJobId,
  mailQueueJobs,
  Patterns,
  publicDataKeys,
  Queues,
  type MailJobData,
  type TransportIdentity,
} from '@upright/contracts';
import {
  bullmqOptions,
  bumpPublicVersions,
  PublicDataFollower,
  QueueProducer,
  transportTrust,
} from '@upright/platform';
import { deleteKeys, eventually, uniqueTransportPrefix } from '@upright/platform/testing';
import { RedisStreamsClient, RedisStreamsServer, keySpace } from '@upright/transport';
import { Queue, Worker } from 'bullmq';
import Redis from 'ioredis';
import { lastValueFrom } from 'rxjs';
import { STACK } from '../stack/manifest';
import { aclUserName, ensureRedisUsers, type AclPrefixes } from './redis-acl';

jest.setTimeout(30_000);

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = uniqueTransportPrefix('acl');
const prefixes: AclPrefixes = { transport: prefix, queue: `${prefix}-q` };
const keys = keySpace(prefix);
const admin = new Redis(REDIS_URL);
const development = { NODE_ENV: 'development' as const };
let urls: Record<TransportIdentity, string>;
const servers: RedisStreamsServer[] = [];
let bff: RedisStreamsClient;
let accountsClient: RedisStreamsClient;
const connections: Redis[] = [];
const averages: unknown[] = [];
const recipient = { uid: 'u-acl', email: 'ada@example.com', firstName: 'Ada', unsubscribeKey: 'k' };
const receipt: MailJobData['correction-received'] = {
  requester: { email: 'grace@example.com' },
  correction: {
    reference: 'C-1',
    company: { company_name: 'Acme', industry: 'tools', slug: 'acme' },
    field_label: 'Climate',
    period: { period_year: 2026, period_qrt: 2 },
  },
  promiseDays: 14,
};

/** A connection as the given process. */
function as(identity: TransportIdentity): Redis {
  const redis = new Redis(urls[identity], { maxRetriesPerRequest: 0 });
  connections.push(redis);
  return redis;
}

async function startServer(service: 'accounts' | 'rankings') {
  const server = new RedisStreamsServer({
    redisUrl: urls[service],
    keyPrefix: prefix,
    service,
    trust: transportTrust(service, development),
  });
  if (service === 'accounts') {
    server.addHandler(Patterns.accounts.user, async (data: { uid: string }) => ({
      uid: data.uid,
    }));
  } else {
    // Only subscribers (contracts) may read an event stream.
    server.addHandler(
      Events.accounts.averagesChanged,
      async (data: unknown) => void averages.push(data),
      true,
    );
  }
  await new Promise<void>((resolve, reject) =>
    server.listen((error?: unknown) => (error ? reject(error) : resolve())),
  );
  servers.push(server);
}

beforeAll(async () => {
  urls = await ensureRedisUsers(REDIS_URL, prefixes, 'acl-test-secret');
  await startServer('accounts');
  await startServer('rankings');
  bff = new RedisStreamsClient({
    redisUrl: urls.bff,
    keyPrefix: prefix,
    trust: transportTrust('bff', development),
  });
  accountsClient = new RedisStreamsClient({
    redisUrl: urls.accounts,
    keyPrefix: prefix,
    trust: transportTrust('accounts', development),
  });
  await Promise.all([bff.connect(), accountsClient.connect()]);
});

afterAll(async () => {
  await Promise.all([bff.close(), accountsClient.close()]);
  await Promise.all(servers.map((server) => server.close()));
  connections.forEach((redis) => redis.disconnect());
  const users = STACK.map(({ name }) => aclUserName(name, prefixes));
  await admin.call('ACL', 'DELUSER', ...users);
  await deleteKeys(admin, prefix);
  await deleteKeys(admin, prefixes.queue);
  admin.disconnect();
});

it('carries a request and its reply, and an event, under the processes own users', async () => {
  const uid = '6d1b8c0e-2f4a-4f7e-9a43-1b2c3d4e5f60';
  await expect(lastValueFrom(bff.send(Patterns.accounts.user, { uid }))).resolves.toEqual({ uid });
  await lastValueFrom(accountsClient.emit(Events.accounts.averagesChanged, { n: 1 }), {
    defaultValue: undefined,
  });
  await eventually('rankings to handle the event', async () => averages.length === 1);
});

it('keeps another service out of accounts streams and the BFF replies', async () => {
  const search = as('search');
  const [bffReplies] = await admin.keys(keys.replyStream('bff', '*'));
  expect(bffReplies).toBeDefined();
  const refused = [
    search.xrange(keys.requestStream('accounts'), '-', '+'),
    search.call(
      'XREADGROUP',
      'GROUP',
      'accounts',
      'x',
      'STREAMS',
      keys.requestStream('accounts'),
      '0',
    ),
    search.xadd(keys.requestStream('accounts'), '*', 'pattern', Patterns.accounts.discontinue),
    search.xrange(bffReplies, '-', '+'),
    search.xrange(keys.eventStream(Events.accounts.averagesChanged), '-', '+'),
    search.call('ACL', 'LIST'),
    search.call('KEYS', '*'),
  ];
  for (const attempt of refused) await expect(attempt).rejects.toThrow(/NOPERM/);
});

it('lets a caller write to a service it calls, never read what others sent it', async () => {
  await expect(as('bff').xrange(keys.requestStream('accounts'), '-', '+')).rejects.toThrow(
    /NOPERM/,
  );
  // Accounts answers the BFF but cannot read the BFF's replies from others.
  const [bffReplies] = await admin.keys(keys.replyStream('bff', '*'));
  await expect(as('accounts').xrange(bffReplies, '-', '+')).rejects.toThrow(/NOPERM/);
});

/** A process's queue config: `QueueProducer`'s, and as BullMQ options for raw queues. */
const queueConfig = (identity: TransportIdentity) => ({
  REDIS_URL: urls[identity],
  QUEUE_PREFIX: prefixes.queue,
});
const queueConnection = (identity: TransportIdentity) => bullmqOptions(queueConfig(identity));

it("runs BullMQ on a process own queues only: the mail worker on every producer's queue", async () => {
  const done: string[] = [];
  const workers = [Queues.mailAccounts, Queues.mailRankings].map(
    (queue) => new Worker(queue, async (job) => void done.push(job.name), queueConnection('mail')),
  );
  const accounts = new QueueProducer(mailQueueJobs.accounts, queueConfig('accounts'));
  const rankings = new QueueProducer(mailQueueJobs.rankings, queueConfig('rankings'));
  // Reports queues search documents only: no mail queue is its own.
  const foreign = new Queue(Queues.mailAccounts, queueConnection('reports'));
  try {
    await accounts.add('welcome', { recipient });
    await rankings.add('correction-received', receipt);
    await eventually('the mail worker to run both jobs', async () => done.length === 2);
    expect(done.sort()).toEqual(['correction-received', 'welcome']);
    await expect(foreign.add('welcome', { recipient })).rejects.toThrow(/NOPERM/);
  } finally {
    await Promise.all([
      ...workers.map((worker) => worker.close()),
      accounts.close(),
      rankings.close(),
      foreign.close(),
    ]);
  }
});

it("keeps a second mail producer out of accounts' mail jobs: no reading, changing or forging", async () => {
  const accounts = new QueueProducer(mailQueueJobs.accounts, queueConfig('accounts'));
  const asRankings = new Queue(Queues.mailAccounts, queueConnection('rankings'));
  const legacy = new Queue(Queues.legacyMail, queueConnection('rankings'));
  const rankings = as('rankings');
  try {
    const reset = await accounts.add(
      'password-reset',
      { recipient, resetHash: 'clear-reset-code', expiresAt: '2026-11-21T14:05:00.000Z' },
      { jobId: mailJobId.passwordReset(recipient.uid, 'r-1') },
    );
    const jobKey = `${prefixes.queue}:${Queues.mailAccounts}:${reset.id}`;
    const refused = [
      // Reading the waiting reset mail (its code and recipient)…
      asRankings.getJob(reset.id!),
      asRankings.getWaiting(),
      rankings.hgetall(jobKey),
      // …changing its recipient…
      rankings.hset(jobKey, 'data', JSON.stringify({ recipient: { email: 'thief@example.com' } })),
      // …or adding a mail of a kind only accounts may send, there or on the previous shared queue.
      asRankings.add('password-reset', { recipient, resetHash: 'x', expiresAt: 'x' }),
      legacy.add('password-reset', { recipient, resetHash: 'x', expiresAt: 'x' }),
    ];
    for (const attempt of refused) await expect(attempt).rejects.toThrow(/NOPERM/);
    // The job is as accounts added it.
    expect((await admin.hget(jobKey, 'data')) ?? '').toContain('clear-reset-code');
  } finally {
    await Promise.all([accounts.close(), asRankings.close(), legacy.close()]);
  }
});

it("lets each producer move its own domain's public version and refuses another's", async () => {
  const refused = [
    bumpPublicVersions(as('search'), prefix, ['data']),
    bumpPublicVersions(as('reports'), prefix, ['corrections']),
    bumpPublicVersions(as('accounts'), prefix, ['search']),
    bumpPublicVersions(as('mail'), prefix, ['data']),
    bumpPublicVersions(as('bff'), prefix, ['data']),
    // A direct write, outside the script, is refused the same way.
    as('search').incr(publicDataKeys(prefix).version('data')),
  ];
  for (const attempt of refused) await expect(attempt).rejects.toThrow(/NOPERM/);
  await expect(bumpPublicVersions(as('search'), prefix, ['search'])).resolves.toHaveLength(1);
  await expect(bumpPublicVersions(as('reports'), prefix, ['data'])).resolves.toHaveLength(1);
  await expect(
    bumpPublicVersions(as('rankings'), prefix, ['data', 'corrections']),
  ).resolves.toHaveLength(2);
});

it("keeps a BFF's versions where a forged broadcast entry says another domain moved", async () => {
  const follower = new PublicDataFollower({
    redisUrl: urls.bff,
    transportPrefix: prefix,
    connectionName: 'acl-follower',
  });
  await follower.start();
  try {
    const before = follower.versions!;
    expect(before).not.toBeNull();
    // Search may write the broadcast stream, but not the data version it names.
    await as('search').xadd(
      publicDataKeys(prefix).broadcast,
      '*',
      'kind',
      'version',
      'domain',
      'data',
      'version',
      '99999999999999',
    );
    const [moved] = await bumpPublicVersions(as('search'), prefix, ['search']);
    await eventually(
      'the follower to hear the search move',
      () => follower.versions?.search === moved,
    );
    expect(follower.versions!.data).toBe(before.data);
  } finally {
    await follower.stop();
  }
});
