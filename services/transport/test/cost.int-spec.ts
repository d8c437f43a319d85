/**
 * The transport's cost (issue 11): the Redis commands one request/reply costs on an idle stack,
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
  await listening(server);
  client = await connectedClient(redis.url, prefix);
  // Warm-up: scripts loaded, reply stream created, both blocking reads waiting.
  await lastValueFrom(client.send('rankings.rank', {}));
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

it('answers one request with three network commands besides the blocking reads', async () => {
  // Idle: whatever the warm-up left in flight has settled, and no cached answer helps.
  await delay(300);
  seen.length = 0;
  const stringify = jest.spyOn(JSON, 'stringify');
  await expect(lastValueFrom(client.send('rankings.rank', {}))).resolves.toEqual(RANKED);
  // The blocking reads are issued again once the reply has been read.
  await eventually(
    'both blocking reads to be issued again',
    async () =>
      seen.filter((command) => ['XREAD', 'XREADGROUP'].includes(command.name)).length >= 2,
  );
  const network = seen.filter((command) => !command.lua && command.name !== 'PING');
  const other = network.filter((command) => !['XREAD', 'XREADGROUP'].includes(command.name));
  // One EVALSHA enqueues (liveness checked in it), one admits the request (still this replica's,
  // and recorded for the replay check every replica shares: it must precede the handler, so it
  // cannot ride on the reply), one replies and acks; no MULTI, no XTRIM.
  expect(other.map((command) => command.name)).toEqual(['EVALSHA', 'EVALSHA', 'EVALSHA']);
  expect(network).toHaveLength(5);
  const inScripts = seen.filter((command) => command.lua).map((command) => command.name);
  expect(inScripts.sort()).toEqual([
    'GET',
    'PEXPIRE',
    'SET',
    'TIME',
    'XACK',
    'XADD',
    'XADD',
    'XDEL',
    'XPENDING',
    'XPENDING',
    'ZCOUNT',
  ]);
  // The handler's answer is serialised once (it used to be twice on the server).
  expect(stringify.mock.calls.filter(([value]) => value === RANKED)).toHaveLength(1);
  stringify.mockRestore();
});
