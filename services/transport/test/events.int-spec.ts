import Redis from 'ioredis';
import { lastValueFrom } from 'rxjs';
import { RedisStreamsClient, RedisStreamsServer } from '../src';
import { delay, deleteKeys, eventually, REDIS_URL, uniquePrefix, testTrust } from './helpers';

jest.setTimeout(30_000);

const EVENT = 'rankings.industry-data.changed';
const prefix = uniquePrefix('events');
const redis = new Redis(REDIS_URL);
const servers: RedisStreamsServer[] = [];
let client: RedisStreamsClient;

/** Received events per service: event number → how many times any replica handled it. */
const received: Record<string, Map<number, number>> = { reports: new Map(), search: new Map() };
const perReplica = new Map<string, number>();
let slowGate: Promise<void> | undefined;

async function startReplica(service: 'reports' | 'search', name: string) {
  const server = new RedisStreamsServer({
    redisUrl: REDIS_URL,
    keyPrefix: prefix,
    service,
    trust: testTrust(service),
    consumerName: name,
  });
  server.addHandler(
    EVENT,
    async (data: { n: number }) => {
      if (data.n < 0) await slowGate;
      const seen = received[service];
      seen.set(data.n, (seen.get(data.n) ?? 0) + 1);
      perReplica.set(name, (perReplica.get(name) ?? 0) + 1);
    },
    true,
  );
  await new Promise<void>((resolve) => server.listen(() => resolve()));
  servers.push(server);
}

beforeAll(async () => {
  await Promise.all([
    startReplica('reports', 'reports-1'),
    startReplica('reports', 'reports-2'),
    startReplica('search', 'search-1'),
    startReplica('search', 'search-2'),
  ]);
  client = new RedisStreamsClient({
    redisUrl: REDIS_URL,
    keyPrefix: prefix,
    trust: testTrust('client'),
  });
  await client.connect();
});

afterAll(async () => {
  await client.close();
  await Promise.all(servers.map((server) => server.close()));
  await deleteKeys(redis, prefix);
  redis.disconnect();
});

it('delivers every event once to each subscribing service', async () => {
  const total = 200;
  await Promise.all(
    Array.from({ length: total }, (_, n) =>
      lastValueFrom(client.emit(EVENT, { industries: [], n })),
    ),
  );
  await eventually(
    'both services to handle every event',
    () => received.reports.size === total && received.search.size === total,
  );
  await delay(300); // room for a duplicate to show up, if there were one
  for (const service of ['reports', 'search']) {
    for (let n = 0; n < total; n++) expect(received[service].get(n)).toBe(1);
  }
  expect(await redis.xlen(`${prefix}:evt:${EVENT}`)).toBe(total);
});

it('acknowledges an event only after its handler finished', async () => {
  let open!: () => void;
  slowGate = new Promise((resolve) => (open = resolve));
  await lastValueFrom(client.emit(EVENT, { industries: [], n: -1 }));
  const pendingOf = async (group: string) =>
    ((await redis.xpending(`${prefix}:evt:${EVENT}`, group)) as unknown[])[0];
  // One replica of each service holds it.
  await eventually(
    'both services to be handling the event',
    () => servers.reduce((sum, server) => sum + server.stats.inFlight, 0) === 2,
  );
  expect(await pendingOf('reports')).toBe(1);
  expect(await pendingOf('search')).toBe(1);
  open();
  await eventually(
    'the event to be acknowledged by both',
    async () => (await pendingOf('reports')) === 0 && (await pendingOf('search')) === 0,
  );
  expect(received.reports.get(-1)).toBe(1);
  expect(received.search.get(-1)).toBe(1);
});

it('emits without error when nobody subscribes', async () => {
  await expect(
    lastValueFrom(client.emit('accounts.nobody-listens', { x: 1 })),
  ).resolves.toBeDefined();
});
