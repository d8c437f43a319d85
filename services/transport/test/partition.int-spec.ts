/**
 * A replica cut off from Redis (decision 0051): it runs in a network namespace
 * of its own, reaching a private redis-server over a veth pair whose link the test sets down and
 * up again. Its TCP connections stall without a reset, as when a node loses its network.
 * Needs root (`ip netns`), as the chaos harness does.
 */
import { randomBytes, randomInt } from 'node:crypto';
import Redis from 'ioredis';
import { firstValueFrom } from 'rxjs';
import { createNamespace, type Namespace } from '../../../infra/chaos/netns';
import { RedisStreamsClient, withDeadline } from '../src';
import {
  connectedClient,
  eventually,
  PrivateRedis,
  quietLogs,
  type ReplicaProcess,
  spawnReplica,
  uniquePrefix,
} from './helpers';

jest.setTimeout(60_000);

let namespace: Namespace;
let redis: PrivateRedis;
let admin: Redis;
let client: RedisStreamsClient;
const replicas: ReplicaProcess[] = [];

interface Echo {
  n: number;
  replica: string;
}

beforeAll(async () => {
  quietLogs();
  namespace = createNamespace(
    `upr-p${randomBytes(2).toString('hex')}`,
    `10.232.${randomInt(1, 250)}`,
  );
  redis = await PrivateRedis.start(namespace.hostAddress);
  admin = new Redis(redis.url);
});

afterAll(async () => {
  await client?.close();
  await Promise.all(replicas.map((replica) => replica.kill()));
  admin?.disconnect();
  await redis?.dispose();
  namespace?.remove();
});

function call(pattern: string, n: number): Promise<Echo | unknown> {
  return firstValueFrom(client.send<Echo>(pattern, withDeadline({ n }, 20_000))).catch(
    (error: unknown) => error,
  );
}

it('stops a cut-off replica from taking work; what it held is claimed once; back, it applies nothing twice', async () => {
  const prefix = uniquePrefix('partition');
  const env = { KEY_PREFIX: prefix, SERVICE: 'rankings' };
  const joinOutside = await spawnReplica('outside', { ...env, REDIS_URL: redis.url });
  // Slow, so both requests are still running when the link goes down.
  const inside = await (
    await spawnReplica(
      'inside',
      { ...env, REDIS_URL: `redis://${namespace.hostAddress}:${redis.port}`, DELAY_MS: 2000 },
      namespace.exec,
    )
  ).listen();
  replicas.push(inside);
  client = await connectedClient(redis.url, prefix);

  const read = call('rankings.echo', 1);
  const write = call('rankings.write.once', 2);
  await eventually('the cut-off-to-be replica to run both', async () => {
    const { handled } = await inside.stats();
    return handled.includes(1) && handled.includes(2);
  });
  const outside = await joinOutside.listen();
  replicas.push(outside);

  namespace.cut();
  try {
    // The read is answered by the replica that can reach Redis; the write, which the cut-off
    // replica had started, is answered as unknown instead of being applied a second time.
    expect(await read).toEqual({ n: 1, replica: 'outside' });
    expect(await write).toMatchObject({ code: 'deadline_exceeded' });
    // While cut off it takes nothing: new work goes to the other replica.
    const during = await Promise.all([10, 11, 12].map((n) => call('rankings.echo', n)));
    expect(during).toEqual([10, 11, 12].map((n) => ({ n, replica: 'outside' })));
  } finally {
    namespace.heal();
  }

  // Back: its late replies find the entries taken over and are dropped, not sent. (More may be
  // dropped: Redis hands new entries to its blocked read while the link is down, not knowing it
  // is cut; the other replica claims those too, and they are never started here.)
  await eventually(
    'the returning replica to drop what it no longer owns',
    async () => {
      const { stats } = await inside.stats();
      return stats.inFlight === 0 && stats.takenOver >= 2;
    },
    30_000,
  );
  const outsideStats = await outside.stats();
  expect(outsideStats.handled.sort((a, b) => a - b)).toEqual([1, 10, 11, 12]);
  expect(outsideStats.stats.inDoubt).toBe(1);
  expect((await inside.stats()).handled.sort((a, b) => a - b)).toEqual([1, 2]);
  const pending = (await admin.xpending(`${prefix}:rpc:rankings`, 'rankings')) as unknown[];
  expect(Number(pending[0])).toBe(0);

  // And it serves again without a restart.
  await eventually(
    'the returning replica to answer again',
    async () => {
      const answers = (await Promise.all(
        [20, 21, 22, 23].map((n) => call('rankings.echo', n)),
      )) as Echo[];
      return answers.some((answer) => answer.replica === 'inside');
    },
    30_000,
  );
});
