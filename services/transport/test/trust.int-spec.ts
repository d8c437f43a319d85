/**
 * Trust inside the cluster (decision 0016), against a real Redis: what someone who can
 * write to Redis can and cannot make a service do.
 */
import { Logger } from '@nestjs/common';
import Redis from 'ioredis';
import { lastValueFrom } from 'rxjs';
import { keySpace, RedisStreamsClient, RedisStreamsServer, type TransportPolicy } from '../src';
import { encodeRequest } from '../src/codec';
import { Envelopes } from '../src/envelope';
import {
  deleteKeys,
  eventually,
  listening,
  REDIS_URL,
  testPolicy,
  testTrust,
  uniquePrefix,
} from './helpers';

jest.setTimeout(30_000);

const prefix = uniquePrefix('trust');
const keys = keySpace(prefix);
const requests = keys.requestStream('accounts');
const redis = new Redis(REDIS_URL);
const PASSWORD = 'correct-horse-battery-staple';

/** `client` may call everything; `search` only `accounts.open`. */
const policy: TransportPolicy = {
  ...testPolicy,
  callersOf: (pattern) => (pattern === 'accounts.open' ? ['client', 'search'] : ['client']),
};

const handled: { pattern: string; data: unknown }[] = [];
let release: () => void = () => undefined;
let server: RedisStreamsServer;
let client: RedisStreamsClient;
let search: RedisStreamsClient;
const warnings: string[] = [];

function send<T>(from: RedisStreamsClient, pattern: string, data: unknown): Promise<T> {
  return lastValueFrom(from.send<T>(pattern, data));
}

/** The id of `client`'s reply stream: the only reply stream of identity `client`. */
async function clientReplyStream(): Promise<string> {
  const [stream] = await redis.keys(keys.replyStream('client', '*'));
  return stream;
}

/**
 * A request as a process holding `identity`'s keys would write it, straight into Redis, signed
 * for `client`; `fields` are changed after signing.
 */
async function writeRequest(
  identity: string,
  fields: Record<string, string> = {},
  client = 'attacker',
) {
  const envelopes = new Envelopes(testTrust(identity, policy));
  const wire = envelopes.request('accounts', {
    id: `forged-${Math.random()}`,
    pattern: 'accounts.open',
    client,
    deadline: Date.now() + 5000,
    data: { n: 1 },
  });
  const encoded = encodeRequest({ ...wire, ...fields });
  return redis.xadd(requests, '*', ...encoded);
}

beforeAll(async () => {
  jest.spyOn(Logger.prototype, 'warn').mockImplementation((message: unknown) => {
    warnings.push(String(message));
  });
  server = new RedisStreamsServer({
    redisUrl: REDIS_URL,
    keyPrefix: prefix,
    service: 'accounts',
    trust: testTrust('accounts', policy),
  });
  for (const pattern of ['accounts.open', 'accounts.admin']) {
    server.addHandler(pattern, async (data: unknown) => {
      handled.push({ pattern, data });
      return { handled: pattern };
    });
  }
  server.addHandler('accounts.sealed', async (data: { password: string }) => {
    handled.push({ pattern: 'accounts.sealed', data });
    await new Promise<void>((resolve) => (release = resolve));
    return { token: `token-for-${data.password}` };
  });
  await listening(server);
  client = new RedisStreamsClient({
    redisUrl: REDIS_URL,
    keyPrefix: prefix,
    trust: testTrust('client', policy),
  });
  search = new RedisStreamsClient({
    redisUrl: REDIS_URL,
    keyPrefix: prefix,
    trust: testTrust('search', policy),
  });
  await Promise.all([client.connect(), search.connect()]);
  // The legitimate client has answered once, so its reply stream exists for the tests below.
  await send(client, 'accounts.open', { warm: true });
});

afterAll(async () => {
  jest.restoreAllMocks();
  await Promise.all([client.close(), search.close()]);
  await server.close();
  await deleteKeys(redis, prefix);
  redis.disconnect();
});

beforeEach(() => {
  handled.length = 0;
  warnings.length = 0;
});

it('answers an authentic caller allowed for the pattern', async () => {
  await expect(send(search, 'accounts.open', { n: 1 })).resolves.toEqual({
    handled: 'accounts.open',
  });
  expect(handled).toEqual([{ pattern: 'accounts.open', data: { n: 1 } }]);
});

it('refuses (forbidden) and logs an authentic caller not allowed for the pattern', async () => {
  await expect(send(search, 'accounts.admin', { uid: 'someone' })).rejects.toEqual({
    code: 'forbidden',
    message: '"search" may not call "accounts.admin"',
  });
  expect(handled).toEqual([]);
  expect(warnings.join('\n')).toMatch(/Refused request .*"search" may not call "accounts.admin"/);
});

it('drops and logs a message without a valid signature, leaving nothing behind', async () => {
  await writeRequest('client', { mac: Buffer.alloc(32).toString('base64') });
  await eventually(
    'the forged entry to be deleted',
    async () => (await redis.xlen(requests)) === 0,
  );
  await eventually('the drop to be logged', async () =>
    warnings.some((line) => /Dropped request .*bad signature/.test(line)),
  );
  expect(handled).toEqual([]);
});

it('drops a message signed with one process key that claims to be from another', async () => {
  // search holds no key it shares with accounts on behalf of `client`.
  await writeRequest('search', { from: 'client' });
  await eventually(
    'the forged entry to be deleted',
    async () => (await redis.xlen(requests)) === 0,
  );
  expect(handled).toEqual([]);
  expect(warnings.join('\n')).toMatch(/bad signature \(claims to be from "client"\)/);
});

it('never replies on another process reply stream, whatever the message names', async () => {
  const victim = await clientReplyStream();
  const victimClient = victim.split(':').pop()!;
  const before = await redis.xlen(victim);
  // Unsigned for `client`, naming its reply stream in every way the old wire format allowed.
  await writeRequest('search', { from: 'client', client: victimClient, reply: victim });
  // Authentic as search, but naming the victim's client and reply stream.
  await writeRequest('search', { reply: victim }, victimClient);
  await eventually(
    'the authentic one to be answered on search own stream',
    async () => (await redis.xlen(keys.replyStream('search', victimClient))) === 1,
  );
  expect(await redis.xlen(victim)).toBe(before);
  expect(handled).toHaveLength(1);
});

it('handles a replayed copy of an authentic request only once', async () => {
  const envelopes = new Envelopes(testTrust('client', policy));
  const fields = encodeRequest(
    envelopes.request('accounts', {
      id: 'replayed-1',
      pattern: 'accounts.open',
      client: 'replayer',
      deadline: Date.now() + 5000,
      data: { n: 'once' },
    }),
  );
  await redis.xadd(requests, '*', ...fields);
  await redis.xadd(requests, '*', ...fields);
  await eventually('both entries to be gone', async () => (await redis.xlen(requests)) === 0);
  expect(handled).toEqual([{ pattern: 'accounts.open', data: { n: 'once' } }]);
  expect(warnings.join('\n')).toMatch(/replay of request replayed-1/);
});

it('keeps sealed passwords and tokens unreadable to a reader of the streams', async () => {
  const answer = send<{ token: string }>(client, 'accounts.sealed', { password: PASSWORD });
  await eventually('the handler to hold the request', async () => handled.length === 1);
  const inFlight = JSON.stringify(await redis.xrange(requests, '-', '+'));
  expect(inFlight).toContain('accounts.sealed');
  expect(inFlight).not.toContain(PASSWORD);
  release();
  await expect(answer).resolves.toEqual({ token: `token-for-${PASSWORD}` });
  const replies = JSON.stringify(await redis.xrange(await clientReplyStream(), '-', '+'));
  expect(replies).not.toContain(PASSWORD);
  expect(handled).toEqual([{ pattern: 'accounts.sealed', data: { password: PASSWORD } }]);
});
