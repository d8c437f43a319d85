import { Patterns } from '@upright/contracts';
import { bumpPublicVersions, transportTrust } from '@upright/platform';
import type { StartedApp } from '@upright/platform/testing';
import {
  deleteKeys,
  eventually,
  startTestApp,
  testInfra,
  uniqueTransportPrefix,
} from '@upright/platform/testing';
import { RedisStreamsServer } from '@upright/transport';
import Redis from 'ioredis';
import { makeAnswer } from '../src/answer-cache/answer';
import { AnswerCache } from '../src/answer-cache/answer-cache.service';
import { AnswerStore } from '../src/answer-cache/answer-store';
import { sharedAnswerKeys } from '../src/answer-cache/shared-answer';
import {
  SharedAnswers,
  type SharedAnswersOptions,
  type SharedAnswersStats,
} from '../src/answer-cache/shared-answers';
import { operationsUrl } from '../src/edge/ops-server';
import { bffService } from '../src/service';

jest.setTimeout(60_000);

/**
 * Decision 0057 on real Redis: two BFF replicas in front of one rankings stand-in that
 * counts what it is asked. An answer one replica made is served by the other without asking
 * again; a herd of misses across both replicas asks once; a moved version never serves the old
 * shared bytes; a replica that cannot reach the shared store still answers, fresh.
 */
describe('answers shared between BFF replicas', () => {
  const infra = testInfra();
  const prefix = uniqueTransportPrefix('shared-answers');
  const redis = new Redis(infra.redisUrl);
  let rankings: RedisStreamsServer;
  let a: StartedApp;
  let b: StartedApp;
  /** How often the stand-in was asked for the active industries, and what it holds them on. */
  let computations = 0;
  let held: Promise<void> | null = null;

  const env = {
    REDIS_URL: infra.redisUrl,
    TRANSPORT_PREFIX: prefix,
    WEB_DIST_DIR: '',
    // A replica waits for another's answer well past the time the test takes to let it go.
    REQUEST_DEADLINE_MS: '10000',
    SHARED_ANSWERS_WAIT_MS: '4000',
  };

  /** Large enough to be sent compressed; names the computation, so each one's bytes differ. */
  const industries = (made: number) =>
    Array.from({ length: 40 }, (_, i) => ({
      industry: `industry-${i}`,
      name: `Industry ${i} (computation ${made})`,
    }));

  const cacheOf = (replica: StartedApp) => replica.app.get(AnswerCache);
  const stats = (replica: StartedApp): SharedAnswersStats => ({ ...cacheOf(replica).shared.stats });
  const get = (replica: StartedApp) =>
    fetch(`${replica.url}/api/active`, { headers: { 'accept-encoding': 'br' } });

  /** Moves the data version and waits until both replicas follow it; returns the new one. */
  async function moveDataVersion(): Promise<string> {
    const [version] = await bumpPublicVersions(redis, prefix, ['data']);
    await eventually('both replicas to follow the version', () =>
      [a, b].every((replica) => cacheOf(replica).store.versionOf('data') === version),
    );
    return version;
  }

  beforeAll(async () => {
    rankings = new RedisStreamsServer({
      redisUrl: infra.redisUrl,
      keyPrefix: prefix,
      service: 'rankings',
      trust: transportTrust('rankings', { NODE_ENV: 'test' }),
    });
    rankings.addHandler(Patterns.rankings.activeIndustries, async () => {
      const made = ++computations;
      await held;
      return industries(made);
    });
    await new Promise<void>((resolve, reject) =>
      rankings.listen((error?: unknown) => (error ? reject(error) : resolve())),
    );
    a = await startTestApp(bffService, env);
    b = await startTestApp(bffService, env);
  });

  afterAll(async () => {
    await a?.app.close();
    await b?.app.close();
    await rankings?.close();
    await deleteKeys(redis, prefix);
    redis.disconnect();
  });

  it('serves on replica B the bytes replica A made, without asking the service again', async () => {
    await moveDataVersion();
    const before = computations;
    const first = await get(a);
    const firstBody = await first.text();
    await eventually('A to share its answer', () => stats(a).writes === 1);
    const second = await get(b);
    expect(second.status).toBe(200);
    expect(await second.text()).toBe(firstBody);
    expect(second.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(second.headers.get('etag')).toMatch(/-br"$/);
    expect(computations - before).toBe(1);
    expect(stats(b).hits).toBe(1);
    // Kept on B now: the next request there asks neither the service nor Redis.
    await get(b);
    expect(stats(b).hits).toBe(1);
    const metrics = await (await fetch(`${operationsUrl(b.app)}/metrics`)).text();
    expect(metrics).toMatch(/^upright_answer_cache_shared_hits_total{service="bff"} 1$/m);
  });

  it('makes one answer for many concurrent misses across both replicas', async () => {
    await moveDataVersion();
    const before = computations;
    const waitsBefore = stats(a).lockWaits + stats(b).lockWaits;
    let letGo!: () => void;
    held = new Promise<void>((resolve) => (letGo = resolve));
    const answers = Array.from({ length: 12 }, (_, i) =>
      get(i % 2 === 0 ? a : b).then(async (response) => ({
        status: response.status,
        body: await response.text(),
      })),
    );
    // The one replica that took the lock is computing; the other's leader waits for its bytes.
    await eventually(
      'one computation and a replica waiting for it',
      () => computations > before && stats(a).lockWaits + stats(b).lockWaits > waitsBefore,
    );
    held = null;
    letGo();
    const sent = await Promise.all(answers);
    expect(sent.map((answer) => answer.status)).toEqual(Array(12).fill(200));
    expect(new Set(sent.map((answer) => answer.body)).size).toBe(1);
    expect(computations - before).toBe(1);
  });

  it('never serves the shared bytes of a version that has moved', async () => {
    const old = await moveDataVersion();
    const oldBody = await (await get(a)).text();
    await eventually('A to share its answer', () =>
      redis.exists(sharedAnswerKeys(prefix, 'dev', 'data', old, '/api/active').answer),
    );
    const before = computations;
    await moveDataVersion();
    const fresh = await (await get(b)).text();
    expect(computations - before).toBe(1);
    expect(fresh).not.toBe(oldBody);
    expect(JSON.parse(fresh)).toEqual(industries(computations));
    // The old bytes are still in Redis under their version, just never asked for again.
    expect(
      await redis.exists(sharedAnswerKeys(prefix, 'dev', 'data', old, '/api/active').answer),
    ).toBe(1);
  });

  it("never serves another release's shared bytes (a rolling deploy)", async () => {
    await moveDataVersion();
    const made = await (await get(a)).text();
    await eventually('A to share its answer', () => stats(a).writes > 0);
    const before = computations;
    const next = await startTestApp(bffService, { ...env, RELEASE_ID: 'next-release' });
    try {
      expect(stats(next).warmed).toBe(0);
      const response = await get(next);
      expect(response.status).toBe(200);
      // Made again by this release, not read from the other's bytes.
      expect(computations - before).toBe(1);
      expect(stats(next).hits).toBe(0);
      expect(JSON.parse(await response.text())).not.toEqual(JSON.parse(made));
    } finally {
      await next.app.close();
    }
  });

  it('warms a replica that starts after others made answers, before it reports ready', async () => {
    await moveDataVersion();
    const made = await (await get(a)).text();
    await eventually('A to share its answer', () => stats(a).writes > 0);
    const before = computations;
    const c = await startTestApp(bffService, env);
    try {
      // Kept before its first request: the start read it from the shared store.
      expect(stats(c).warmed).toBeGreaterThanOrEqual(1);
      expect(cacheOf(c).store.peek('/api/active')).toBeDefined();
      const response = await get(c);
      expect(await response.text()).toBe(made);
      expect(computations - before).toBe(0);
      expect(stats(c)).toMatchObject({ hits: 0, misses: 0 });
      const ready = await fetch(`${operationsUrl(c.app)}/health/ready`);
      expect(await ready.json()).toMatchObject({ checks: { http: 'ok' } });
    } finally {
      await c.app.close();
    }
  });

  it('answers fresh, counting an error, when a replica cannot reach the shared store', async () => {
    const c = await startTestApp(bffService, env);
    try {
      await moveDataVersion();
      await eventually(
        'C to follow the version',
        () => cacheOf(c).store.versionOf('data') === cacheOf(a).store.versionOf('data'),
      );
      await cacheOf(c).shared.close();
      const before = computations;
      const counted = stats(c);
      const response = await get(c);
      expect(response.status).toBe(200);
      expect(JSON.parse(await response.text())).toEqual(industries(computations));
      expect(computations - before).toBe(1);
      const after = stats(c);
      expect({
        errors: after.errors - counted.errors,
        hits: after.hits - counted.hits,
        misses: after.misses - counted.misses,
        writes: after.writes - counted.writes,
      }).toEqual({ errors: 1, hits: 0, misses: 0, writes: 0 });
    } finally {
      await c.app.close();
    }
  });
});

describe('the bounds of shared answers', () => {
  const infra = testInfra();
  const prefix = uniqueTransportPrefix('shared-bounds');
  const versions = { data: '1', search: '1', corrections: '1' };
  const options: SharedAnswersOptions = {
    redisUrl: infra.redisUrl,
    transportPrefix: prefix,
    budgetBytes: 64 * 1024 * 1024,
    ttlMs: 60_000,
    waitMs: 1000,
    timeoutMs: 100,
    lockMs: 5000,
    release: 'dev',
  };
  const opened: SharedAnswers[] = [];

  async function replica(overrides: Partial<SharedAnswersOptions> = {}) {
    const store = new AnswerStore(1024 * 1024);
    store.setVersions(versions);
    const shared = new SharedAnswers(store, { ...options, ...overrides });
    opened.push(shared);
    await shared.connect();
    return { store, shared };
  }

  afterAll(async () => {
    for (const shared of opened) await shared.close();
    await deleteKeys(infra.redisUrl, prefix);
  });

  it('goes on at once without Redis, counting an error', async () => {
    const { shared } = await replica({ redisUrl: 'redis://127.0.0.1:1' });
    expect(shared.claim('/api/active', 'data')).toBeNull();
    expect(shared.stats).toMatchObject({ errors: 1, hits: 0, misses: 0 });
  });

  it("writes nothing beyond the window's budget, and frees the lock for the next replica", async () => {
    const { store, shared } = await replica({ budgetBytes: 2000 });
    const claim = await shared.claim('/api/big', 'data');
    expect(claim?.kind).toBe('make');
    const answer = makeAnswer(JSON.stringify({ pad: 'x'.repeat(4000) }), {
      domain: 'data',
      personal: false,
    });
    store.set('/api/big', answer, '1');
    if (claim?.kind === 'make') claim.made();
    await eventually('the write to be refused', () => shared.stats.refused === 1);
    const keys = sharedAnswerKeys(prefix, 'dev', 'data', '1', '/api/big');
    const redis = new Redis(infra.redisUrl);
    try {
      expect(await redis.exists(keys.answer, keys.lock)).toBe(0);
    } finally {
      redis.disconnect();
    }
    const other = await replica();
    expect((await other.shared.claim('/api/big', 'data'))?.kind).toBe('make');
    expect(other.shared.stats.lockWaits).toBe(0);
  });
});
