import Redis from 'ioredis';
import { firstValueFrom } from 'rxjs';
import { DeadlineExceededError, RedisStreamsClient, withDeadline } from '../src';
import {
  deleteKeys,
  eventually,
  REDIS_URL,
  type ReplicaProcess,
  startReplica,
  uniquePrefix,
  testTrust,
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

async function startService(
  prefix: string,
  env: Record<string, number> = {},
  perReplica: Record<string, Record<string, number>> = {},
) {
  prefixes.push(prefix);
  replicas = await Promise.all(
    ['r1', 'r2', 'r3'].map((id) =>
      startReplica(id, {
        REDIS_URL,
        KEY_PREFIX: prefix,
        SERVICE: 'rankings',
        ...env,
        ...perReplica[id],
      }),
    ),
  );
  client = new RedisStreamsClient({
    redisUrl: REDIS_URL,
    keyPrefix: prefix,
    trust: testTrust('client'),
  });
  await client.connect();
  return client;
}

async function consumersOf(prefix: string): Promise<{ name: string; pending: number }[]> {
  const raw = (await redis.call('XINFO', 'CONSUMERS', `${prefix}:rpc:rankings`, 'rankings')) as [
    string,
    string | number,
  ][];
  return raw.map((fields) => {
    const record = Object.fromEntries(
      Array.from({ length: fields.length / 2 }, (_, i) => [fields[2 * i], fields[2 * i + 1]]),
    );
    return { name: String(record.name), pending: Number(record.pending) };
  });
}

afterEach(async () => {
  await client?.close();
  client = undefined;
  await Promise.all(replicas.map((replica) => replica.kill()));
  replicas = [];
});

afterAll(async () => {
  for (const prefix of prefixes) await deleteKeys(redis, prefix);
  redis.disconnect();
});

it('spreads 1,000 concurrent requests over three replicas, each handled exactly once', async () => {
  const client = await startService(uniquePrefix('spread'), { DELAY_MS: 5, CONCURRENCY: 16 });
  const total = 1000;
  const replies = await Promise.all(
    Array.from({ length: total }, (_, n) =>
      firstValueFrom(client.send<Echo>('rankings.echo', { n })),
    ),
  );

  replies.forEach((reply, n) => expect(reply.n).toBe(n));
  const handledBy = new Map<number, string[]>();
  for (const replica of replicas) {
    const { handled } = await replica.stats();
    for (const n of handled) handledBy.set(n, [...(handledBy.get(n) ?? []), replica.id]);
    // Meaningful share for everyone: the busy ones do not hog the stream.
    expect(handled.length).toBeGreaterThanOrEqual(total * 0.1);
  }
  for (let n = 0; n < total; n++) {
    // Exactly one replica ran the handler, and it is the one that answered.
    expect(handledBy.get(n)).toEqual([replies[n].replica]);
  }
  expect(client.pendingCount).toBe(0);
});

it('loses no request when a replica is killed under load; its pending messages are reclaimed', async () => {
  const prefix = uniquePrefix('kill');
  const client = await startService(
    prefix,
    {
      DELAY_MS: 20,
      CONCURRENCY: 8,
      HEARTBEAT_INTERVAL_MS: 200,
      HEARTBEAT_TTL_MS: 1000,
      RECLAIM_INTERVAL_MS: 300,
    },
    // The victim is slow, so it certainly holds unanswered messages when it dies.
    { r1: { DELAY_MS: 1500 } },
  );
  const [victim, ...survivors] = replicas;
  const total = 600;
  const outcomes = Promise.all(
    Array.from({ length: total }, (_, n) =>
      firstValueFrom(client.send<Echo>('rankings.echo', withDeadline({ n }, 15_000))).then(
        (reply) => ({ n, reply }),
        (error: unknown) => ({ n, error }),
      ),
    ),
  );
  let heldByVictim: number[] = [];
  await eventually('the victim to be full', async () => {
    const { handled, stats } = await victim.stats();
    heldByVictim = handled;
    return stats.inFlight === 8;
  });
  await victim.kill();

  const results = await outcomes;
  const answered = results.filter((result) => 'reply' in result);
  for (const result of results) {
    if ('reply' in result) expect(result.reply.n).toBe(result.n);
    // Anything not answered must have failed at its deadline, not vanished or errored otherwise.
    else expect(result.error).toBeInstanceOf(DeadlineExceededError);
  }
  expect(answered.length).toBeGreaterThanOrEqual(total * 0.95);

  // What the victim held was claimed and answered by the survivors.
  expect(heldByVictim).toHaveLength(8);
  for (const n of heldByVictim) {
    const result = results[n];
    expect('reply' in result && result.reply.replica).toMatch(/^r[23]$/);
  }
  const reclaimed = await Promise.all(
    survivors.map(async (r) => (await r.stats()).stats.reclaimed),
  );
  expect(reclaimed.reduce((sum, count) => sum + count, 0)).toBeGreaterThanOrEqual(8);
  // The dead consumer's entries were claimed, then the consumer itself was removed.
  await eventually('the dead consumer to leave the group', async () =>
    (await consumersOf(prefix)).every((consumer) => consumer.name !== victim.consumer),
  );
  const summary = (await redis.xpending(`${prefix}:rpc:rankings`, 'rankings')) as unknown[];
  expect(summary[0]).toBe(0);
});
