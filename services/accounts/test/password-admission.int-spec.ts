import { randomUUID } from 'node:crypto';
import { ERROR_TEXTS, Patterns } from '@upright/contracts';
import { Metrics, RedisConnection, type ServiceClient } from '@upright/platform';
import {
  serviceClientAs,
  startTestApp,
  testInfra,
  uniqueTransportPrefix,
  type StartedApp,
} from '@upright/platform/testing';
import { Client } from 'pg';
import { PasswordAdmission } from '../src/passwords/password-admission';
import { accountsService } from '../src/service';

/**
 * Decision 0059 on real PostgreSQL and Redis, through the transport as the BFF calls:
 * with one password hash allowed in flight and none waiting, a sign-in that arrives while a hash
 * is in flight is refused at once with `service_unavailable` (the BFF's 503 with Retry-After),
 * counted, and the next one after it is admitted.
 */
describe('password work is admitted, not queued', () => {
  const infra = testInfra();
  const prefix = uniqueTransportPrefix('password-admission');
  const email = `admission-${randomUUID().slice(0, 8)}@example.org`;
  const password = 'correct horse battery staple';
  let accounts: StartedApp;
  let bff: ServiceClient;

  beforeAll(async () => {
    accounts = await startTestApp(accountsService, {
      REDIS_URL: infra.redisUrl,
      TRANSPORT_PREFIX: prefix,
      QUEUE_PREFIX: prefix,
      DATABASE_URL: infra.databaseUrl('accounts'),
      PASSWORD_HASH_CONCURRENCY: '1',
      PASSWORD_HASH_WAITING: '0',
    });
    // Sign-ins come from the BFF; only it may send them.
    bff = await serviceClientAs('bff', { REDIS_URL: infra.redisUrl, TRANSPORT_PREFIX: prefix });
    await bff.request(Patterns.accounts.signup, {
      first_name: 'Ada',
      last_name: 'Lovelace',
      email,
      password,
      birth_year: 1990,
      birth_month: 12,
      birth_day: 10,
      individual: true,
      subscriber: false,
    });
  });

  afterAll(async () => {
    await bff?.onApplicationShutdown();
    const redis = accounts?.app.get(RedisConnection).redis;
    if (redis) {
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length > 0) await redis.del(...keys);
    }
    await accounts?.app.close();
    const db = new Client({ connectionString: infra.adminUrl() });
    await db.connect();
    try {
      await db.query('DELETE FROM accounts.users WHERE email = $1', [email]);
    } finally {
      await db.end();
    }
  });

  it('refuses a sign-in while the one allowed hash is in flight, and admits the next', async () => {
    const refusedBefore = await refusals();
    // The process's one slot, held until the test lets go: a hash in flight for as long as needed.
    let finish!: () => void;
    const inFlight = accounts.app
      .get(PasswordAdmission)
      .run(() => new Promise<void>((resolve) => (finish = resolve)));

    await expect(bff.request(Patterns.accounts.signin, { email, password })).rejects.toEqual({
      code: 'service_unavailable',
      message: ERROR_TEXTS.serviceUnavailable,
    });
    expect(await refusals()).toBe(refusedBefore + 1);

    finish();
    await inFlight;
    const signedIn = await bff.request(Patterns.accounts.signin, { email, password });
    expect(signedIn.user.email).toBe(email);
    expect(typeof signedIn.token).toBe('string');
  });

  async function refusals(): Promise<number> {
    const metric = accounts.app
      .get(Metrics)
      .registry.getSingleMetric('upright_password_work_refused_total');
    return (await metric?.get())?.values[0]?.value ?? 0;
  }
});
