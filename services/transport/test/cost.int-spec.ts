/**
 * The transport's cost: the Redis commands one request/reply costs on an idle stack,
 * seen by MONITOR on a private redis-server that nothing else uses.
 */
import Redis from 'ioredis';
import { lastValueFrom } from 'rxjs';
import { RedisStreamsClient, RedisStreamsServer } from '../src';
import {
  delay,
  eventually,
  listening,
  PrivateRedis,
  quietLogs,
  testTrust,
  connectedClient,
} from './helpers';

jest.setTimeout(30_000);

let redis: PrivateRedis;
let monitor: Redis;
let server: RedisStreamsServer;
let client: RedisStreamsClient;
/** Every command Redis ran: `lua` ones ran inside a script, the others came over the network. */
const seen: { name: string; lua: boolean }[] = [];
const RANKED = { ranked: Array.from({ length: 50 }, (_, n) => ({ id: n, name: `company ${n}` })) };

beforeAll(async () => {
  quietLogs();
  redis = await PrivateRedis.start();
  const prefix = 'cost';
  server = new RedisStreamsServer({
    redisUrl: redis.url,
    keyPrefix: prefix,
    service: 'rankings',
    trust: testTrust('rankings'),
    // Nothing periodic in the measured window: heartbeats and reclaims are not per request.
    heartbeatIntervalMs: 60_000,
    heartbeatTtlMs: 120_000,
    reclaimIntervalMs: 60_000,
  });
  server.addHandler('rankings.rank', async () => RANKED);
  server.addHandler('rankings.rank.read', async () => RANKED);
  await listening(server);
  client = await connectedClient(redis.url, prefix);
  // Warm-up: scripts loaded, reply stream created, both blocking reads waiting.
  await lastValueFrom(client.send('rankings.rank', {}));
  await lastValueFrom(client.send('rankings.rank.read', {}));
  monitor = await new Redis(redis.url).monitor();
  monitor.on('monitor', (_time: string, args: string[], source: string) => {
    seen.push({ name: args[0].toUpperCase(), lua: source === 'lua' });
  });
});

afterAll(async () => {
  monitor?.disconnect();
  await client?.close();
  await server?.close();
  await redis?.dispose();
});

/** The Redis commands of one request on an idle pair, and how many times RANKED was serialised. */
async function commandsOf(pattern: string) {
  // Idle: whatever the warm-up left in flight has settled, and no cached answer helps.
  await delay(300);
  seen.length = 0;
  const stringify = jest.spyOn(JSON, 'stringify');
  await expect(lastValueFrom(client.send(pattern, {}))).resolves.toEqual(RANKED);
  // The blocking reads are issued again once the reply has been read.
  await eventually(
    'both blocking reads to be issued again',
    async () =>
      seen.filter((command) => ['XREAD', 'XREADGROUP'].includes(command.name)).length >= 2,
  );
  const serialised = stringify.mock.calls.filter(([value]) => value === RANKED).length;
  stringify.mockRestore();
  const network = seen.filter((command) => !command.lua && command.name !== 'PING');
  return {
    network,
    other: network.filter((command) => !['XREAD', 'XREADGROUP'].includes(command.name)),
    inScripts: seen.filter((command) => command.lua).map((command) => command.name),
    serialised,
  };
}

/**
 * The commands inside a read's two scripts: enqueue (TIME, ZCOUNT, XADD) and reply (XPENDING, the
 * marker's GET and SET, XADD, PEXPIRE, XACK, XDEL).
 */
const READ_SCRIPT_COMMANDS = [
  'TIME',
  'ZCOUNT',
  'XADD',
  'XPENDING',
  'GET',
  'SET',
  'XADD',
  'PEXPIRE',
  'XACK',
  'XDEL',
];

it('answers a request that may write with three network commands besides the blocking reads', async () => {
  const { network, other, inScripts, serialised } = await commandsOf('rankings.rank');
  // One EVALSHA enqueues (liveness checked in it), one admits the request (still this replica's,
  // and recorded for the replay check every replica shares: it must precede a handler that may
  // write), one replies and acks; no MULTI, no XTRIM.
  expect(other.map((command) => command.name)).toEqual(['EVALSHA', 'EVALSHA', 'EVALSHA']);
  expect(network).toHaveLength(5);
  // The marker's GET and SET move to the admission; its ownership check is made in both.
  expect(inScripts.sort()).toEqual([...READ_SCRIPT_COMMANDS, 'XPENDING'].sort());
  // The handler's answer is serialised once (it used to be twice on the server).
  expect(serialised).toBe(1);
});

it('answers a read with two: its replay check rides on the reply', async () => {
  const { network, other, inScripts, serialised } = await commandsOf('rankings.rank.read');
  expect(other.map((command) => command.name)).toEqual(['EVALSHA', 'EVALSHA']);
  expect(network).toHaveLength(4);
  expect(inScripts.sort()).toEqual([...READ_SCRIPT_COMMANDS].sort());
  expect(serialised).toBe(1);
});
