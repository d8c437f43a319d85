import { randomUUID } from 'node:crypto';
import { DESK_FOLLOWERS_OF_MAX, Patterns } from '@upright/contracts';
import { RedisConnection, type ServiceClient } from '@upright/platform';
import {
  serviceClientAs,
  startTestApp,
  testInfra,
  uniqueTransportPrefix,
  type StartedApp,
} from '@upright/platform/testing';
import { Client } from 'pg';
import { FollowsRepository } from '../src/follows/follows.repository';
import { accountsService } from '../src/service';

/**
 * `accounts.follows.followers-of` on real PostgreSQL, through the transport as the BFF calls
 * (decision 0077 §4): it counts the members the rank-alerts worker would mail, each once.
 */
describe('how many members a publish alerts', () => {
  const infra = testInfra();
  const prefix = uniqueTransportPrefix('followers-of');
  const tag = randomUUID().slice(0, 8);
  const cid = (name: string) => `ZZ${tag}${name}`;
  let accounts: StartedApp;
  let bff: ServiceClient;
  let db: Client;

  type Member = 'verified' | 'unverified' | 'unsubscribed' | 'discontinuing';
  /** A member as accounts stores one, following these companies. */
  async function member(kind: Member, follows: string[]): Promise<void> {
    const uid = randomUUID();
    await db.query(
      `INSERT INTO accounts.users
         (uid, email, first_name, last_name, password_hash, email_verified_at, follow_alerts,
          discontinue, discontinue_date, discontinue_final)
       VALUES ($1, $2, 'Ada', 'Lovelace', 'not-a-hash', $3, $4, $5, $6, $6)`,
      [
        uid,
        `followers-${kind}-${uid.slice(0, 8)}-${tag}@example.org`,
        kind === 'unverified' ? null : new Date(),
        kind !== 'unsubscribed',
        kind === 'discontinuing',
        kind === 'discontinuing' ? new Date() : null,
      ],
    );
    for (const company of follows) {
      await db.query(
        `INSERT INTO accounts.follows (uid, upright_cid, company_name, industry, slug)
         VALUES ($1, $2, $2, 'tools', $2)`,
        [uid, company],
      );
    }
  }

  const count = (upright_cids: string[]) =>
    bff.request(Patterns.accounts.followersOf, { upright_cids });

  beforeAll(async () => {
    db = new Client({ connectionString: infra.adminUrl() });
    await db.connect();
    accounts = await startTestApp(accountsService, {
      REDIS_URL: infra.redisUrl,
      TRANSPORT_PREFIX: prefix,
      QUEUE_PREFIX: prefix,
      DATABASE_URL: infra.databaseUrl('accounts'),
    });
    bff = await serviceClientAs('bff', { REDIS_URL: infra.redisUrl, TRANSPORT_PREFIX: prefix });
    // Two verified members follow A; one of them follows B too.
    await member('verified', [cid('A'), cid('B')]);
    await member('verified', [cid('A')]);
    await member('verified', [cid('C')]);
    // None of these is mailed a rank alert, so none is counted.
    await member('unverified', [cid('A'), cid('B')]);
    await member('unsubscribed', [cid('A')]);
    await member('discontinuing', [cid('B')]);
  });

  afterAll(async () => {
    await bff?.onApplicationShutdown();
    const redis = accounts?.app.get(RedisConnection).redis;
    if (redis) {
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length > 0) await redis.del(...keys);
    }
    await accounts?.app.close();
    await db.query('DELETE FROM accounts.users WHERE email LIKE $1', [`followers-%-${tag}@%`]);
    await db.end();
  });

  it('counts verified, subscribed members once however many of the companies they follow', async () => {
    await expect(count([cid('A')])).resolves.toEqual({ members: 2 });
    await expect(count([cid('B')])).resolves.toEqual({ members: 1 });
    await expect(count([cid('A'), cid('B')])).resolves.toEqual({ members: 2 });
    await expect(count([cid('A'), cid('B'), cid('C'), cid('A')])).resolves.toEqual({
      members: 3,
    });
  });

  it('counts the members the rank-alerts worker would name, no others', async () => {
    const companies = [cid('A'), cid('B'), cid('C')];
    const named = await accounts.app.get(FollowsRepository).followersOf(companies);
    const { members } = await count(companies);
    expect(members).toBe(3);
    expect(members).toBe(new Set(named.map((follower) => follower.uid)).size);
  });

  it('counts nobody for companies nobody follows, or none', async () => {
    await expect(count([cid('nobody')])).resolves.toEqual({ members: 0 });
    await expect(count([])).resolves.toEqual({ members: 0 });
  });

  it('refuses a list that is too long, ids that are not company ids and unknown fields', async () => {
    const tooMany = Array.from({ length: DESK_FOLLOWERS_OF_MAX + 1 }, (_, i) => cid(`x${i}`));
    await expect(count(tooMany)).rejects.toMatchObject({
      code: 'validation_failed',
      field: 'upright_cids',
    });
    await expect(count(['not a company id'])).rejects.toMatchObject({
      code: 'validation_failed',
    });
    await expect(
      bff.request(Patterns.accounts.followersOf, {
        upright_cids: 'A',
      } as never),
    ).rejects.toMatchObject({ code: 'validation_failed', field: 'upright_cids' });
    await expect(
      bff.request(Patterns.accounts.followersOf, {
        upright_cids: [cid('A')],
        uid: randomUUID(),
      } as never),
    ).rejects.toMatchObject({ code: 'validation_failed' });
  });

  it('takes the same follow sent again while the first is stored (a retry racing it): each answered', async () => {
    const uid = randomUUID();
    await db.query(
      `INSERT INTO accounts.users (uid, email, first_name, last_name, password_hash)
       VALUES ($1, $2, 'Ada', 'Lovelace', 'not-a-hash')`,
      [uid, `followers-race-${uid.slice(0, 8)}-${tag}@example.org`],
    );
    const follow = { uid, upright_cid: cid('R'), company_name: 'R', industry: 'tools', slug: 'r' };
    // Several at once, as a client's retry and a balancer's both arrive with the first try.
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => bff.request(Patterns.accounts.follow, follow)),
    );
    for (const answer of answers) {
      expect(answer.follows.map((entry) => entry.upright_cid)).toEqual([cid('R')]);
    }
  });
});
