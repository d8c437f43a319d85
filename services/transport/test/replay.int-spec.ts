/**
 * Replay refusal shared by every replica of a service (decision 0016, amended by issue
 * 25), against a real Redis: an authentic request copied into a new entry of the request stream
 * runs nothing twice, whichever replica reads the copy and across a restart of the service.
 */
import { Logger } from '@nestjs/common';
import Redis from 'ioredis';
import { keySpace, RedisStreamsServer } from '../src';
import { decodeReply, encodeRequest } from '../src/codec';
import { Envelopes } from '../src/envelope';
import {
  delay,
  deleteKeys,
  eventually,
  listening,
  REDIS_URL,
  testTrust,
  uniquePrefix,
} from './helpers';

jest.setTimeout(30_000);

const prefix = uniquePrefix('replay');
const keys = keySpace(prefix);
const requests = keys.requestStream('accounts');
const redis = new Redis(REDIS_URL);
const PATTERN = 'accounts.charge';
/** A read (the test policy's `.read`): checked for replay with its reply, not before. */
const READ_PATTERN = 'accounts.balance.read';

/** Every run of the (non-idempotent) handler, by replica. */
const handled: { replica: string; data: unknown }[] = [];
const replays: { from: string; pattern: string }[] = [];
const warnings: string[] = [];
let servers: RedisStreamsServer[] = [];
let releaseHeld: () => void = () => undefined;

interface ReplicaSettings {
  /** One slot, whose handler holds its request until `releaseHeld()`: it reads nothing else. */
  holding?: boolean;
  redisUrl?: string;
  heartbeatTtlMs?: number;
}

async function startReplica(name: string, settings: ReplicaSettings = {}) {
  const server = new RedisStreamsServer({
    redisUrl: settings.redisUrl ?? REDIS_URL,
    keyPrefix: prefix,
    service: 'accounts',
    trust: testTrust('accounts'),
    consumerName: `${name}-${Math.random().toString(36).slice(2)}`,
    concurrency: settings.holding ? 1 : 8,
    heartbeatIntervalMs: 200,
    heartbeatTtlMs: settings.heartbeatTtlMs ?? 5000,
    reclaimIntervalMs: 300,
    onReplay: (from, pattern) => replays.push({ from, pattern }),
  });
  const handler = async (data: unknown) => {
    handled.push({ replica: name, data });
    if (settings.holding) await new Promise<void>((resolve) => (releaseHeld = resolve));
    return { charged: true, replica: name };
  };
  server.addHandler(PATTERN, handler);
  server.addHandler(READ_PATTERN, handler);
  await listening(server);
  servers.push(server);
  return server;
}

/** The stream fields of an authentic request from `client`, as its transport client signs them. */
function signedRequest(id: string, deadlineInMs: number, pattern = PATTERN): string[] {
  const envelopes = new Envelopes(testTrust('client'));
  return encodeRequest(
    envelopes.request('accounts', {
      id,
      pattern,
      client: 'copier',
      deadline: Date.now() + deadlineInMs,
      data: { id },
    }),
  );
}

const pendingEntries = () => redis.xlen(requests);

/** The replies the copier got for request `id`: the replica named in each, as it verifies them. */
async function repliesTo(id: string): Promise<string[]> {
  const envelopes = new Envelopes(testTrust('client'));
  const entries = await redis.xrange(keys.replyStream('client', 'copier'), '-', '+');
  return entries
    .map(([, fields]) => decodeReply(fields))
    .filter((wire) => wire.id === id)
    .map((wire) => {
      const { body } = envelopes.openReply(wire, 'accounts', 'copier', READ_PATTERN);
      return (body as { replica: string }).replica;
    });
}

beforeAll(() => {
  jest.spyOn(Logger.prototype, 'warn').mockImplementation((message: unknown) => {
    warnings.push(String(message));
  });
  jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
});

afterEach(async () => {
  releaseHeld();
  await Promise.all(servers.map((server) => server.close()));
  servers = [];
  handled.length = 0;
  replays.length = 0;
  warnings.length = 0;
});

afterAll(async () => {
  jest.restoreAllMocks();
  await deleteKeys(redis, prefix);
  redis.disconnect();
});

it('refuses a copied entry on the other replica while the first still runs the original', async () => {
  const first = await startReplica('first', { holding: true });
  const fields = signedRequest('copied-1', 10_000);
  await redis.xadd(requests, '*', ...fields);
  await eventually('the first replica to hold the original', () => handled.length === 1);
  // The first replica has no free slot: only the second one can read the copy.
  const second = await startReplica('second');
  await redis.xadd(requests, '*', ...fields);

  await eventually('the copy to be dropped', async () => (await pendingEntries()) === 1);
  expect(second.stats.replays).toBe(1);
  expect(replays).toEqual([{ from: 'client', pattern: PATTERN }]);
  expect(warnings.join('\n')).toMatch(/Dropped request .*replay of request copied-1/);
  releaseHeld();
  await eventually('the original to be answered', async () => (await pendingEntries()) === 0);
  expect(handled).toEqual([{ replica: 'first', data: { id: 'copied-1' } }]);
  expect(first.stats.replays).toBe(0);
});

it('refuses a copy within the deadline after the whole service restarted', async () => {
  await startReplica('before-a');
  await startReplica('before-b');
  const fields = signedRequest('copied-2', 10_000);
  await redis.xadd(requests, '*', ...fields);
  await eventually('the original to be answered', async () => (await pendingEntries()) === 0);
  await Promise.all(servers.map((server) => server.close()));
  servers = [];

  const restarted = await startReplica('after');
  await redis.xadd(requests, '*', ...fields);
  await eventually('the copy to be dropped', async () => (await pendingEntries()) === 0);
  expect(restarted.stats.replays).toBe(1);
  expect(handled).toHaveLength(1);
  expect(warnings.join('\n')).toMatch(/replay of request copied-2/);
});

it('drops a copy made after the deadline as expired, as any late request', async () => {
  const server = await startReplica('only');
  const fields = signedRequest('copied-3', 500);
  await redis.xadd(requests, '*', ...fields);
  await eventually('the original to be answered', async () => (await pendingEntries()) === 0);
  await delay(600);

  await redis.xadd(requests, '*', ...fields);
  await eventually('the late copy to be dropped', async () => (await pendingEntries()) === 0);
  expect(server.stats).toMatchObject({ expired: 1, replays: 0 });
  expect(handled).toHaveLength(1);
});

describe('a read, checked for replay with its reply', () => {
  it('answers the original once and drops a later copy unanswered', async () => {
    const server = await startReplica('only');
    const fields = signedRequest('read-1', 10_000, READ_PATTERN);
    await redis.xadd(requests, '*', ...fields);
    await eventually('the original to be answered', async () => (await pendingEntries()) === 0);
    await redis.xadd(requests, '*', ...fields);

    await eventually('the copy to be dropped', async () => server.stats.replays === 1);
    expect(await pendingEntries()).toBe(0);
    expect(await repliesTo('read-1')).toEqual(['only']);
    expect(replays).toEqual([{ from: 'client', pattern: READ_PATTERN }]);
    expect(warnings.join('\n')).toMatch(/Dropped request .*replay of request read-1/);
    // The copy's handler ran (a read changes nothing); only its answer is withheld.
    expect(handled).toHaveLength(2);
  });

  it('answers only the first of two replicas to finish, original or copy', async () => {
    const first = await startReplica('first', { holding: true });
    const fields = signedRequest('read-2', 10_000, READ_PATTERN);
    await redis.xadd(requests, '*', ...fields);
    await eventually('the first replica to hold the original', () => handled.length === 1);
    const second = await startReplica('second');
    await redis.xadd(requests, '*', ...fields);
    await eventually(
      'the copy to be answered',
      async () => (await repliesTo('read-2')).length === 1,
    );

    releaseHeld();
    await eventually('the original to be dropped', async () => first.stats.replays === 1);
    expect(await pendingEntries()).toBe(0);
    expect(await repliesTo('read-2')).toEqual(['second']);
    expect(second.stats.replays).toBe(0);
  });
});

describe('when Redis cannot record the request', () => {
  // A Redis user that may do everything the transport needs except write the service's own
  // keys: every replay check fails, as it would through an outage, and nothing else does.
  const user = `${prefix}-no-markers`;
  let url: string;

  beforeAll(async () => {
    await redis.call(
      'ACL',
      'SETUSER',
      user,
      'reset',
      'on',
      '>test-password',
      `~${prefix}:rpc:*`,
      `~${prefix}:replicas:*`,
      `~${prefix}:reply:*`,
      '+@all',
      '-@dangerous',
      '+info',
    );
    const parsed = new URL(REDIS_URL);
    parsed.username = user;
    parsed.password = 'test-password';
    url = parsed.toString();
  });

  afterAll(async () => {
    await redis.call('ACL', 'DELUSER', user);
  });

  it('runs no handler, then drops the request as expired', async () => {
    const server = await startReplica('blind', { redisUrl: url, heartbeatTtlMs: 1000 });
    await redis.xadd(requests, '*', ...signedRequest('unrecorded-1', 800));

    await eventually('the failed check to be logged', () =>
      warnings.some((line) => /Could not check "accounts.charge" .* for replay/.test(line)),
    );
    // Left pending like an unsent reply: the reclaimer takes it back and finds it expired.
    await eventually('the request to be dropped', async () => (await pendingEntries()) === 0);
    expect(server.stats).toMatchObject({ expired: 1, replays: 0 });
    expect(handled).toEqual([]);
  });
});
