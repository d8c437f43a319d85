/**
 * The per-process Redis ACL users of local mode, on a real Redis: the transport and BullMQ work
 * under them, and a process holding another service's user cannot read that service's streams.
 */
import { Events, Patterns, Queues, type TransportIdentity } from '@upright/contracts';
import { transportTrust } from '@upright/platform';
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

it('runs BullMQ on a process own queues only', async () => {
  const connection = (identity: TransportIdentity) => ({
    connection: { url: urls[identity] },
    prefix: prefixes.queue,
  });
  const done: unknown[] = [];
  const worker = new Worker(
    Queues.mail,
    async (job) => void done.push(job.data),
    connection('mail'),
  );
  const queue = new Queue(Queues.mail, connection('accounts'));
  // Reports queues search documents only: the mail queue is not its own.
  const foreign = new Queue(Queues.mail, connection('reports'));
  try {
    await queue.add('welcome', { to: 'member' });
    await eventually('the mail worker to run the job', async () => done.length === 1);
    await expect(foreign.add('welcome', { to: 'forged' })).rejects.toThrow(/NOPERM/);
  } finally {
    await Promise.all([worker.close(), queue.close(), foreign.close()]);
  }
});
