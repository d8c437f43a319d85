import { lastValueFrom } from 'rxjs';
import {
  DeadlineExceededError,
  RedisStreamsClient,
  RedisStreamsServer,
  ServiceUnavailableError,
  withDeadline,
} from '../src';
import {
  delay,
  eventually,
  listening,
  PrivateRedis,
  quietLogs,
  uniquePrefix,
  testTrust,
  connectedClient,
} from './helpers';

jest.setTimeout(45_000);
quietLogs();

const prefix = uniquePrefix('restart');
const EVENT = 'rankings.industry-data.changed';
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);
let redis: PrivateRedis;
let server: RedisStreamsServer;
let client: RedisStreamsClient;
const events: number[] = [];

const ask = (n: number, deadlineMs = 1000) =>
  lastValueFrom(client.send<{ n: number }>('reports.echo', withDeadline({ n }, deadlineMs)));

/** A request's outcome, with the errors an outage may legitimately cause. */
async function attempt(n: number): Promise<'ok' | 'unavailable' | 'deadline'> {
  try {
    expect(await ask(n)).toEqual({ n });
    return 'ok';
  } catch (error) {
    if (error instanceof ServiceUnavailableError) return 'unavailable';
    if (error instanceof DeadlineExceededError) return 'deadline';
    throw error;
  }
}

beforeAll(async () => {
  process.on('unhandledRejection', onUnhandled);
  redis = await PrivateRedis.start();
  server = new RedisStreamsServer({
    redisUrl: redis.url,
    keyPrefix: prefix,
    service: 'reports',
    trust: testTrust('reports'),
    heartbeatIntervalMs: 200,
    heartbeatTtlMs: 1000,
    reclaimIntervalMs: 300,
  });
  server.addHandler('reports.echo', async (data: { n: number }) => data);
  server.addHandler(EVENT, async (data: { n: number }) => void events.push(data.n), true);
  await listening(server);
  client = await connectedClient(redis.url, prefix);
});

afterAll(async () => {
  await client?.close();
  await server?.close();
  await redis?.dispose();
  process.off('unhandledRejection', onUnhandled);
});

it('keeps working across a Redis restart that wiped every stream and group', async () => {
  expect(await attempt(1)).toBe('ok');
  await lastValueFrom(client.emit(EVENT, { n: 1 }));
  await eventually('the first event', () => events.includes(1));

  await redis.stop();
  // While Redis is gone, requests fail fast instead of hanging until their deadline.
  const started = Date.now();
  await expect(ask(2, 5000)).rejects.toBeInstanceOf(ServiceUnavailableError);
  expect(Date.now() - started).toBeLessThan(2500);
  await delay(1000);

  await redis.restart();
  // Same client and server instances: they reconnect, recreate the groups and carry on.
  let n = 100;
  await eventually('requests to succeed again', async () => (await attempt(n++)) === 'ok', 20_000);
  const outcomes = await Promise.all(Array.from({ length: 50 }, (_, i) => attempt(1000 + i)));
  expect(outcomes.every((outcome) => outcome === 'ok')).toBe(true);

  // The event group is recreated too.
  let e = 100;
  await eventually(
    'events to be delivered again',
    async () => {
      await lastValueFrom(client.emit(EVENT, { n: e++ }));
      await delay(100);
      return events.some((seen) => seen >= 100);
    },
    10_000,
  );
  expect(unhandled).toEqual([]);
});

it('recovers from a Redis that stops answering without closing its connections', async () => {
  expect(await attempt(1)).toBe('ok');
  // SIGSTOP: sockets stay open and accept writes, nothing answers — like a vanished host.
  redis.freeze();
  try {
    // Nothing hangs: each request ends at its deadline, and once the dead connections are
    // detected and reset, requests fail fast again.
    await eventually(
      'requests to fail fast while Redis is unresponsive',
      async () => {
        const started = Date.now();
        const outcome = await attempt(2);
        expect(outcome).not.toBe('ok');
        expect(Date.now() - started).toBeLessThan(2000);
        return outcome === 'unavailable';
      },
      15_000,
    );
  } finally {
    redis.thaw();
  }
  let n = 100;
  await eventually('requests to succeed again', async () => (await attempt(n++)) === 'ok', 20_000);
  expect(unhandled).toEqual([]);
});
