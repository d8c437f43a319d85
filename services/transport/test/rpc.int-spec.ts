import { RpcException } from '@nestjs/microservices';
import Redis from 'ioredis';
import { firstValueFrom, lastValueFrom, of, timer, map } from 'rxjs';
import {
  DeadlineExceededError,
  RedisStreamsClient,
  RedisStreamsServer,
  ServiceUnavailableError,
  withDeadline,
} from '../src';
import {
  delay,
  deleteKeys,
  eventually,
  REDIS_URL,
  startReplica,
  uniquePrefix,
  testTrust,
} from './helpers';

jest.setTimeout(30_000);

const prefix = uniquePrefix('rpc');
const redis = new Redis(REDIS_URL);
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);

let server: RedisStreamsServer;
let client: RedisStreamsClient;
const observed: { pattern: string; outcome: string }[] = [];

beforeAll(async () => {
  process.on('unhandledRejection', onUnhandled);
  server = new RedisStreamsServer({
    redisUrl: REDIS_URL,
    keyPrefix: prefix,
    service: 'rankings',
    trust: testTrust('rankings'),
    onHandled: (pattern, outcome) => observed.push({ pattern, outcome }),
  });
  server.addHandler('rankings.echo', async (data: unknown) => data);
  server.addHandler('rankings.observable', async (data: { n: number }) =>
    timer(10).pipe(map((tick) => ({ n: data.n, tick }))),
  );
  server.addHandler('rankings.many', async () => of(1, 2, 3));
  server.addHandler('rankings.nothing', async () => undefined);
  server.addHandler('rankings.slow', async (data: { ms: number }) => {
    await delay(data.ms);
    return 'late';
  });
  server.addHandler('rankings.not-found', async () => {
    throw new RpcException({ code: 'not_found', message: 'No such industry', field: 'industry' });
  });
  server.addHandler('rankings.boom', async () => {
    throw new Error('relation "secret_table" does not exist');
  });
  server.addHandler('rankings.rpc-string', async () => {
    throw new RpcException('something went wrong');
  });
  await new Promise<void>((resolve, reject) =>
    server.listen((error?: unknown) => (error ? reject(error) : resolve())),
  );
  client = new RedisStreamsClient({
    redisUrl: REDIS_URL,
    keyPrefix: prefix,
    trust: testTrust('client'),
  });
  await client.connect();
});

afterAll(async () => {
  await client.close();
  await server.close();
  await deleteKeys(redis, prefix);
  redis.disconnect();
  process.off('unhandledRejection', onUnhandled);
});

afterEach(() => expect(unhandled).toEqual([]));

describe('request/reply', () => {
  it('answers with what the handler returns', async () => {
    const payload = { text: 'héllo ✓', list: [1, null, { deep: true }] };
    await expect(firstValueFrom(client.send('rankings.echo', payload))).resolves.toEqual(payload);
  });

  it('takes the last value of an Observable or a Promise of one', async () => {
    await expect(lastValueFrom(client.send('rankings.observable', { n: 7 }))).resolves.toEqual({
      n: 7,
      tick: 0,
    });
    await expect(lastValueFrom(client.send('rankings.many', {}))).resolves.toBe(3);
  });

  it('completes without a value when the handler returns nothing', async () => {
    await expect(
      lastValueFrom(client.send('rankings.nothing', {}), { defaultValue: 'none' }),
    ).resolves.toBe('none');
  });

  it('answers many concurrent requests, each with its own reply', async () => {
    const replies = await Promise.all(
      Array.from({ length: 200 }, (_, n) => firstValueFrom(client.send('rankings.echo', { n }))),
    );
    expect(replies).toEqual(Array.from({ length: 200 }, (_, n) => ({ n })));
    expect(client.pendingCount).toBe(0);
  });

  it('cleans up after answered requests: nothing pending, nothing left in the stream', async () => {
    await firstValueFrom(client.send('rankings.echo', 1));
    await eventually('request stream to be emptied', async () => {
      const [length, summary] = await Promise.all([
        redis.xlen(`${prefix}:rpc:rankings`),
        redis.xpending(`${prefix}:rpc:rankings`, 'rankings'),
      ]);
      return length === 0 && (summary as unknown[])[0] === 0;
    });
  });
});

describe('errors', () => {
  it('delivers a RemoteErrorPayload thrown as RpcException unchanged', async () => {
    await expect(firstValueFrom(client.send('rankings.not-found', {}))).rejects.toEqual({
      code: 'not_found',
      message: 'No such industry',
      field: 'industry',
    });
  });

  it('reduces any other failure to an internal error without details', async () => {
    const internal = { code: 'internal', message: 'Internal error' };
    await expect(firstValueFrom(client.send('rankings.boom', {}))).rejects.toEqual(internal);
    await expect(firstValueFrom(client.send('rankings.rpc-string', {}))).rejects.toEqual(internal);
    await expect(firstValueFrom(client.send('rankings.no-such-handler', {}))).rejects.toEqual(
      internal,
    );
  });

  it('reports handler outcomes to the observer', () => {
    expect(observed).toContainEqual({ pattern: 'rankings.echo', outcome: 'ok' });
    expect(observed).toContainEqual({ pattern: 'rankings.boom', outcome: 'error' });
  });
});

describe('deadlines', () => {
  it('fails with DeadlineExceededError when the handler is slower than the deadline', async () => {
    const started = Date.now();
    const error = await firstValueFrom(
      client.send('rankings.slow', withDeadline({ ms: 1200 }, 300)),
    ).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DeadlineExceededError);
    expect(error).toMatchObject({ pattern: 'rankings.slow', deadlineMs: 300 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(client.pendingCount).toBe(0);

    // The handler still finishes and replies; the client must ignore that late reply quietly.
    const handledBefore = server.stats.handled;
    await eventually('the slow handler to finish', () => server.stats.handled > handledBefore);
    await delay(100);
    await expect(firstValueFrom(client.send('rankings.echo', 'after'))).resolves.toBe('after');
  });

  it('drops requests whose deadline passed before a replica got to them, and counts them', async () => {
    const expired: string[] = [];
    const busy = new RedisStreamsServer({
      redisUrl: REDIS_URL,
      keyPrefix: prefix,
      service: 'reports',
      trust: testTrust('reports'),
      concurrency: 1,
      onExpired: (pattern) => expired.push(pattern),
    });
    const calls: number[] = [];
    busy.addHandler('reports.work', async (data: { n: number; ms: number }) => {
      calls.push(data.n);
      await delay(data.ms);
      return data.n;
    });
    await new Promise<void>((resolve) => busy.listen(() => resolve()));
    try {
      const first = firstValueFrom(
        client.send('reports.work', withDeadline({ n: 1, ms: 800 }, 5000)),
      );
      await eventually('the first request to start', () => calls.length === 1);
      // Queued behind the first one, it expires before the single slot frees up.
      const second = firstValueFrom(
        client.send('reports.work', withDeadline({ n: 2, ms: 0 }, 200)),
      );
      await expect(second).rejects.toBeInstanceOf(DeadlineExceededError);
      await expect(first).resolves.toBe(1);
      await eventually('the expired request to be dropped', () => busy.stats.expired === 1);
      expect(calls).toEqual([1]);
      expect(expired).toEqual(['reports.work']);
    } finally {
      await busy.close();
    }
  });
});

describe('nobody consuming', () => {
  it('fails fast with ServiceUnavailableError and enqueues nothing', async () => {
    const started = Date.now();
    const error = await firstValueFrom(client.send('search.query', { q: 'x' })).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ServiceUnavailableError);
    expect(error).toMatchObject({ service: 'search' });
    // Well within the 5 s deadline: nobody waited for a timeout.
    expect(Date.now() - started).toBeLessThan(2500);
    expect(await redis.exists(`${prefix}:rpc:search`)).toBe(0);
  });

  it('notices a replica that died without cleaning up once its heartbeat expires', async () => {
    const replica = await startReplica('doomed', {
      REDIS_URL,
      KEY_PREFIX: prefix,
      SERVICE: 'mail',
      HEARTBEAT_INTERVAL_MS: 200,
      HEARTBEAT_TTL_MS: 1000,
    });
    await expect(firstValueFrom(client.send('mail.echo', { n: 1 }))).resolves.toEqual({
      n: 1,
      replica: 'doomed',
    });
    await replica.kill();
    const killedAt = Date.now();
    let lastError: unknown;
    await eventually(
      'requests to fail with ServiceUnavailableError',
      async () => {
        lastError = await firstValueFrom(
          client.send('mail.echo', withDeadline({ n: 2 }, 300)),
        ).catch((caught: unknown) => caught);
        // Until the heartbeat expires the request is enqueued and simply times out.
        expect(lastError).toBeInstanceOf(Error);
        return lastError instanceof ServiceUnavailableError;
      },
      10_000,
    );
    // The TTL is 1 s, and a replica counts for enqueueing for 4 s more (a stall is not death).
    console.info(`requests refused ${Date.now() - killedAt} ms after the last replica died`);
  });
});
