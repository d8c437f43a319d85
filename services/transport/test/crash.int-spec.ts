/**
 * Crash safety of the transport (decision 0051): a replica killed mid-request,
 * a write that must not run twice, admission, and a drain on SIGTERM. Replicas are real child
 * processes on the shared Redis, with the server's default heartbeat and reclaim settings.
 */
import Redis from 'ioredis';
import { firstValueFrom } from 'rxjs';
import { RedisStreamsClient, ServiceUnavailableError, withDeadline } from '../src';
import {
  connectedClient,
  deleteKeys,
  eventually,
  quietLogs,
  REDIS_URL,
  type ReplicaProcess,
  spawnReplica,
  startReplica,
  uniquePrefix,
} from './helpers';

jest.setTimeout(30_000);

const redis = new Redis(REDIS_URL);
const prefixes: string[] = [];
let replicas: ReplicaProcess[] = [];
let client: RedisStreamsClient | undefined;

interface Echo {
  n: number;
  replica: string;
}

function settings(prefix: string, env: Record<string, number>) {
  return { REDIS_URL, KEY_PREFIX: prefix, SERVICE: 'rankings', ...env };
}

async function replica(prefix: string, id: string, env: Record<string, number> = {}) {
  const started = await startReplica(id, settings(prefix, env));
  replicas.push(started);
  return started;
}

/** A replica whose process is up but consumes nothing until the returned function is called. */
async function standby(prefix: string, id: string, env: Record<string, number> = {}) {
  const spawned = await spawnReplica(id, settings(prefix, env));
  return async () => {
    const started = await spawned.listen();
    replicas.push(started);
    return started;
  };
}

async function setUp(name: string) {
  const prefix = uniquePrefix(name);
  prefixes.push(prefix);
  client = await connectedClient(REDIS_URL, prefix);
  return { prefix, client };
}

function call(pattern: string, n: number, deadlineMs = 5000): Promise<Echo> {
  if (!client) throw new Error('no client');
  return firstValueFrom(client.send<Echo>(pattern, withDeadline({ n }, deadlineMs)));
}

async function pendingOf(prefix: string): Promise<number> {
  const summary = (await redis.xpending(`${prefix}:rpc:rankings`, 'rankings')) as unknown[];
  return Number(summary[0]);
}

beforeAll(() => quietLogs());

afterEach(async () => {
  await client?.close();
  client = undefined;
  await Promise.all(replicas.map((started) => started.kill()));
  replicas = [];
});

afterAll(async () => {
  for (const prefix of prefixes) await deleteKeys(redis, prefix);
  redis.disconnect();
});

it.each([
  ['checked for replay before its handler', 'rankings.echo'],
  ['checked for replay with its reply', 'rankings.echo.read'],
])(
  'answers a read (%s) from another replica, within its deadline, when the one handling it is killed',
  async (_, pattern) => {
    const { prefix } = await setUp('read-kill');
    const joinSurvivor = await standby(prefix, 'survivor');
    // The first replica alone takes the request, and holds it far longer than the deadline.
    const victim = await replica(prefix, 'victim', { DELAY_MS: 20_000 });
    const answer = call(pattern, 7, 5000);
    await eventually('the victim to hold the request', async () =>
      (await victim.stats()).handled.includes(7),
    );
    const survivor = await joinSurvivor();
    const killedAt = Date.now();
    await victim.kill();

    await expect(answer).resolves.toEqual({ n: 7, replica: 'survivor' });
    // Figure for the decision record, not an assertion: how long the kill cost this request.
    console.info(`read answered ${Date.now() - killedAt} ms after its replica was killed`);
    expect((await survivor.stats()).stats.reclaimed).toBe(1);
    await eventually('nothing left pending', async () => (await pendingOf(prefix)) === 0);
  },
);

it('never runs a write without an idempotency key twice: its redelivery is answered as unknown', async () => {
  const { prefix } = await setUp('write-kill');
  const joinSurvivor = await standby(prefix, 'survivor');
  const victim = await replica(prefix, 'victim', { DELAY_MS: 20_000 });
  const answer = call('rankings.write.once', 8, 5000).catch((error: unknown) => error);
  await eventually('the victim to have started the write', async () =>
    (await victim.stats()).handled.includes(8),
  );
  const survivor = await joinSurvivor();
  await victim.kill();

  // Answered before the deadline, as a deadline error (504 at the BFF), not by running it again.
  expect(await answer).toMatchObject({ code: 'deadline_exceeded' });
  const { handled, stats } = await survivor.stats();
  expect(handled).toEqual([]);
  expect(stats.inDoubt).toBe(1);
  await eventually('nothing left pending', async () => (await pendingOf(prefix)) === 0);
});

it('runs a write the dead replica had read but not started, exactly once', async () => {
  const { prefix } = await setUp('write-unstarted');
  const joinSurvivor = await standby(prefix, 'survivor');
  // One slot, held by a read: the write is read by nobody until the survivor comes.
  const victim = await replica(prefix, 'victim', { DELAY_MS: 20_000, CONCURRENCY: 1 });
  const held = call('rankings.echo', 1, 5000);
  await eventually('the victim to be busy', async () => (await victim.stats()).handled.includes(1));
  const write = call('rankings.write.once', 2, 5000);
  const survivor = await joinSurvivor();
  await victim.kill();

  await expect(write).resolves.toEqual({ n: 2, replica: 'survivor' });
  await expect(held).resolves.toEqual({ n: 1, replica: 'survivor' });
  expect((await survivor.stats()).handled.sort()).toEqual([1, 2]);
});

it('retries a read while nobody consumes, within its deadline; a write without a key fails at once', async () => {
  const { prefix } = await setUp('gap');
  // No replica is live, as in the gap of a rolling restart of a single replica.
  const joinReplica = await standby(prefix, 'new');
  const write = call('rankings.write.once', 1, 5000).catch((error: unknown) => error);
  const read = call('rankings.echo', 2, 5000);
  expect(await write).toBeInstanceOf(ServiceUnavailableError);
  await joinReplica();
  await expect(read).resolves.toEqual({ n: 2, replica: 'new' });
});

it('reads no more than its concurrency and leaves the rest to other replicas', async () => {
  const { prefix } = await setUp('admission');
  const joinIdle = await standby(prefix, 'idle');
  const busy = await replica(prefix, 'busy', { DELAY_MS: 3000, CONCURRENCY: 2 });
  const answers = Promise.all(
    Array.from({ length: 10 }, (_, n) => call('rankings.echo', n, 10_000)),
  );
  await eventually('the busy replica to be full', async () => {
    const { stats } = await busy.stats();
    return stats.inFlight === 2;
  });
  // Full: what it has not read stays in the stream, owned by nobody, for whoever comes.
  const pending = (await redis.xpending(`${prefix}:rpc:rankings`, 'rankings')) as unknown[];
  expect(Number(pending[0])).toBe(2);
  expect(await redis.xlen(`${prefix}:rpc:rankings`)).toBe(10);

  const idle = await joinIdle();
  const replies = await answers;
  const byReplica = (id: string) => replies.filter((reply) => reply.replica === id).length;
  // The busy one kept what fitted in its slots; the idle one took everything else.
  expect(byReplica('busy')).toBe(2);
  expect(byReplica('idle')).toBe(8);
  expect((await busy.stats()).stats.reclaimed).toBe(0);
  expect((await idle.stats()).stats.reclaimed).toBe(0);
});

it('drains on SIGTERM: finishes the work in flight, takes no more, leaves the group and exits 0', async () => {
  const { prefix } = await setUp('drain');
  const leaving = await replica(prefix, 'leaving', { DELAY_MS: 1500 });
  const inFlight = Array.from({ length: 4 }, (_, n) => call('rankings.echo', n, 8000));
  await eventually('the work to be in flight', async () => {
    const { stats } = await leaving.stats();
    return stats.inFlight === 4;
  });
  const staying = await replica(prefix, 'staying');

  const { exited } = await leaving.terminate();
  // Once its reading connection is gone (a read already delivered would still be handled by it).
  await eventually('the leaving replica to stop reading', async () => {
    const clients = String(await redis.call('CLIENT', 'LIST'));
    return !clients.includes(`name=rankings:${leaving.consumer}:read `);
  });
  // Sent while the drain runs: the leaving replica reads nothing more.
  const later = Array.from({ length: 4 }, (_, n) => call('rankings.echo', 10 + n, 8000));
  const { code, handled, stats } = await exited;

  expect(code).toBe(0);
  expect(handled.sort()).toEqual([0, 1, 2, 3]);
  expect(stats.reclaimed).toBe(0);
  for (const reply of await Promise.all(inFlight)) expect(reply.replica).toBe('leaving');
  for (const reply of await Promise.all(later)) expect(reply.replica).toBe('staying');
  expect(await pendingOf(prefix)).toBe(0);
  // It left at once: no heartbeat and no consumer remain for others to wait out.
  expect(await redis.zscore(`${prefix}:replicas:rankings`, leaving.consumer)).toBeNull();
  const consumers = (await redis.call(
    'XINFO',
    'CONSUMERS',
    `${prefix}:rpc:rankings`,
    'rankings',
  )) as string[][];
  expect(consumers.map((fields) => fields[1])).not.toContain(leaving.consumer);
  expect((await staying.stats()).stats.reclaimed).toBe(0);
});
