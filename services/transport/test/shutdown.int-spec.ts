import Redis from 'ioredis';
import { firstValueFrom } from 'rxjs';
import { ClientClosedError, RedisStreamsClient, RedisStreamsServer, withDeadline } from '../src';
import {
  delay,
  deleteKeys,
  eventually,
  listening,
  quietLogs,
  REDIS_URL,
  uniquePrefix,
  testTrust,
} from './helpers';

jest.setTimeout(30_000);
quietLogs();

const prefix = uniquePrefix('shutdown');
const redis = new Redis(REDIS_URL);
const stream = `${prefix}:rpc:accounts`;
let client: RedisStreamsClient;

function replica(
  name: string,
  options: Partial<ConstructorParameters<typeof RedisStreamsServer>[0]> = {},
) {
  const server = new RedisStreamsServer({
    redisUrl: REDIS_URL,
    keyPrefix: prefix,
    service: 'accounts',
    trust: testTrust('accounts'),
    consumerName: name,
    ...options,
  });
  server.addHandler('accounts.work', async (data: { n: number; ms: number }) => {
    await delay(data.ms);
    return { n: data.n, by: name };
  });
  return server;
}

async function consumerNames(): Promise<string[]> {
  const raw = (await redis.call('XINFO', 'CONSUMERS', stream, 'accounts')) as unknown[][];
  return raw.map((fields) => String(fields[fields.indexOf('name') + 1]));
}

beforeAll(async () => {
  client = new RedisStreamsClient({
    redisUrl: REDIS_URL,
    keyPrefix: prefix,
    trust: testTrust('client'),
  });
  await client.connect();
});

afterAll(async () => {
  await client.close();
  await deleteKeys(redis, prefix);
  redis.disconnect();
});

it('finishes and answers in-flight requests on close(), then leaves nothing behind', async () => {
  const server = replica('graceful');
  await listening(server);
  const replies = Promise.all(
    Array.from({ length: 20 }, (_, n) =>
      firstValueFrom(client.send('accounts.work', { n, ms: 400 })),
    ),
  );
  await eventually('all requests to be in flight', () => server.stats.inFlight === 20);
  await server.close();

  expect(await replies).toEqual(Array.from({ length: 20 }, (_, n) => ({ n, by: 'graceful' })));
  expect(server.stats).toMatchObject({ handled: 20, inFlight: 0 });
  expect(((await redis.xpending(stream, 'accounts')) as unknown[])[0]).toBe(0);
  expect(await consumerNames()).not.toContain('graceful');
  expect(await redis.zscore(`${prefix}:replicas:accounts`, 'graceful')).toBeNull();
});

it('stops an idle replica promptly, interrupting its blocking read', async () => {
  const server = replica('idle');
  await listening(server);
  await delay(100); // let it block in XREADGROUP
  const started = Date.now();
  await server.close();
  // XREADGROUP blocks for 2 s; close() must not sit that out.
  expect(Date.now() - started).toBeLessThan(1500);
  expect(await consumerNames()).not.toContain('idle');
});

it('leaves a handler that outlives the grace period to be reclaimed by another replica', async () => {
  const timings = { heartbeatIntervalMs: 100, heartbeatTtlMs: 500, reclaimIntervalMs: 200 };
  const leaving = replica('leaving', { ...timings, shutdownGraceMs: 200 });
  await listening(leaving);
  const reply = firstValueFrom(
    client.send('accounts.work', withDeadline({ n: 1, ms: 1500 }, 10_000)),
  );
  await eventually('the request to be in flight', () => leaving.stats.inFlight === 1);
  await leaving.close();
  // Its message is still pending on it: the handler never finished.
  expect(await consumerNames()).toContain('leaving');

  const staying = replica('staying', timings);
  await listening(staying);
  try {
    await expect(reply).resolves.toEqual({ n: 1, by: 'staying' });
    expect(staying.stats.reclaimed).toBe(1);
    await eventually(
      'the departed consumer to be removed',
      async () => !(await consumerNames()).includes('leaving'),
    );
  } finally {
    await staying.close();
  }
});

it('rejects outstanding requests when the client closes', async () => {
  const server = replica('for-client-close');
  await listening(server);
  const other = new RedisStreamsClient({
    redisUrl: REDIS_URL,
    keyPrefix: prefix,
    trust: testTrust('client'),
  });
  await other.connect();
  const pending = firstValueFrom(other.send('accounts.work', { n: 1, ms: 500 }));
  await eventually('the request to be in flight', () => server.stats.inFlight === 1);
  await other.close();
  await expect(pending).rejects.toBeInstanceOf(ClientClosedError);
  expect(other.pendingCount).toBe(0);
  // The late reply lands in a stream nobody reads; it expires instead of piling up.
  await eventually('the handler to finish', () => server.stats.handled === 1);
  await server.close();
});
