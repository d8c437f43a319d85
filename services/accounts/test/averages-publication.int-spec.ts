import { randomUUID } from 'node:crypto';
import { ISSUES, publicDataKeys, type Averages } from '@upright/contracts';
import { createPgAdapter, type RedisConnection, type ServiceClient } from '@upright/platform';
import { delay, testInfra, uniqueTransportPrefix } from '@upright/platform/testing';
import Redis from 'ioredis';
import { membersBand } from '../src/averages/averages';
import { AveragesPublication } from '../src/averages/averages-publication';
import { AveragesSnapshots } from '../src/averages/averages-snapshots.repository';
import { AveragesRepository } from '../src/averages/averages.repository';
import { AveragesService } from '../src/averages/averages.service';
import type { AccountsConfig } from '../src/config';
import { PrismaClient } from '../src/generated/prisma/client';

const averagesOf = (value: number): Averages =>
  ({
    average_climate: value,
    average_income_inequality: value,
    average_lobbying: value,
    average_tax: value,
    average_consumer_terms_conditions: value,
    average_wealth_concentration: value,
    average_diverse_representation: value,
    average_diverse_pay_equity: value,
    average_net_neutrality: value,
  }) satisfies Averages;

/**
 * docs/product/rules.md#s11 on real Redis: averages that change with every save reach visitors'
 * rankings at most once per AVERAGES_REFRESH_S, the last ones of the period, with one version move.
 */
describe('averages publication', () => {
  const redis = new Redis(testInfra().redisUrl);
  const prefix = uniqueTransportPrefix('averages-publication');
  const keys = publicDataKeys(prefix);
  const announced: unknown[] = [];
  /** What the publishing replica recorded in `averages_snapshots`. */
  const recorded: Array<{ averages: Averages; members: number }> = [];

  function publication(refreshSeconds: number): AveragesPublication {
    return new AveragesPublication(
      { redis } as unknown as RedisConnection,
      // Stands in for the transport: the event is what a rankings replica would be told.
      {
        emit: async (_pattern: string, data: unknown) => void announced.push(data),
      } as never as ServiceClient,
      { TRANSPORT_PREFIX: prefix, AVERAGES_REFRESH_S: refreshSeconds } as AccountsConfig,
      {
        record: async (averages: Averages, members: number) =>
          void recorded.push({ averages, members }),
      } as AveragesSnapshots,
    );
  }

  const version = async () => redis.get(keys.version('data'));
  const broadcasts = async () => (await redis.xrange(keys.broadcast, '-', '+')).length;

  afterAll(async () => {
    for (const key of await redis.keys(`${prefix}:*`)) await redis.del(key);
    await redis.quit();
  });

  it('publishes the last averages of a period once, when it is due', async () => {
    const batched = publication(1);
    await batched.offer(averagesOf(6), 11);
    await batched.offer(averagesOf(7), 12);
    expect(await batched.publishIfDue()).toBe(false);
    expect(await batched.published()).toBeNull();
    expect(await version()).toBeNull();

    await delay(1100);
    expect(await batched.publishIfDue()).toBe(true);
    expect(await batched.published()).toEqual(averagesOf(7));
    const first = await version();
    expect(first).not.toBeNull();
    expect(await broadcasts()).toBe(1);
    expect(announced.at(-1)).toEqual(averagesOf(7));
    // One snapshot per publication, with the count of the averages published.
    expect(recorded).toEqual([{ averages: averagesOf(7), members: 12 }]);

    // Nothing pending: nothing moves, on this replica or another.
    expect(await batched.publishIfDue()).toBe(false);
    expect(await publication(1).publishIfDue()).toBe(false);
    expect(await version()).toBe(first);
    expect(recorded).toHaveLength(1);
  });

  it('publishes at once when AVERAGES_REFRESH_S is 0', async () => {
    const before = Number(await version());
    await publication(0).offer(averagesOf(8), 0);
    expect(await publication(0).published()).toEqual(averagesOf(8));
    expect(Number(await version())).toBe(before + 1);
  });
});

/**
 * Decision 0043 on real Postgres and Redis: one member joining publishes nothing (their
 * priorities would be the difference of two publications); once AVERAGES_MIN_CHANGES members
 * joined or changed since the last release, the averages are published and kept in the history.
 */
describe('averages released only after enough members changed', () => {
  const MIN_CHANGES = 3;
  const redis = new Redis(testInfra().redisUrl);
  const db = new PrismaClient({
    adapter: createPgAdapter({
      DATABASE_URL: testInfra().databaseUrl('accounts'),
      DATABASE_POOL_SIZE: 2,
    }),
  });
  const prefix = uniqueTransportPrefix('averages-release');
  const keys = publicDataKeys(prefix);
  const config = {
    TRANSPORT_PREFIX: prefix,
    AVERAGES_REFRESH_S: 0,
    AVERAGES_MIN_MEMBERS: 1,
    AVERAGES_MIN_CHANGES: MIN_CHANGES,
  } as AccountsConfig;
  const snapshots = new AveragesSnapshots(db);
  const publication = new AveragesPublication(
    { redis } as unknown as RedisConnection,
    // Stands in for the transport: rankings' event is not what this test is about.
    { emit: async () => undefined } as never as ServiceClient,
    config,
    snapshots,
  );
  const service = new AveragesService(new AveragesRepository(db), config, publication, snapshots);
  /** Releases at every change, as before decision 0043: to start and leave from a release. */
  const everyChange = new AveragesService(
    new AveragesRepository(db),
    { ...config, AVERAGES_MIN_CHANGES: 1 },
    publication,
    snapshots,
  );
  const created: string[] = [];

  /** A member who saved `value` on every issue, then the recomputation a save runs. */
  async function join(value: number, averages = service): Promise<string> {
    const uid = randomUUID();
    created.push(uid);
    const priorities = Object.fromEntries(ISSUES.map((issue) => [issue.serverPriority, value]));
    await db.user.create({
      data: {
        uid,
        email: `release-${uid}@example.test`,
        firstName: 'Release',
        lastName: 'Test',
        passwordHash: 'not-a-hash',
        priorities: { create: { ...priorities, weighted: true } },
      },
    });
    await averages.recompute();
    return uid;
  }

  async function change(uid: string, value: number): Promise<void> {
    const priorities = Object.fromEntries(ISSUES.map((issue) => [issue.serverPriority, value]));
    await db.priorities.update({ where: { uid }, data: priorities });
    await service.recompute();
  }

  const kept = () => db.averagesSnapshot.count();
  const version = () => redis.get(keys.version('data'));
  /** The members the stored (current) averages count: recomputed at every change. */
  const storedMembers = async () =>
    (await db.averages.findUniqueOrThrow({ where: { aid: 1 } })).members;

  beforeAll(async () => {
    // Whatever earlier test files left, the last of these joins is a release.
    for (let i = 0; i < MIN_CHANGES; i++) await join(2, everyChange);
  });

  afterAll(async () => {
    // As the other test files expect: these members gone and the last publication without them.
    await db.user.deleteMany({ where: { uid: { in: created } } });
    await everyChange.recompute();
    for (const key of await redis.keys(`${prefix}:*`)) await redis.del(key);
    await redis.quit();
    await db.$disconnect();
  });

  it('publishes nothing for one newcomer, and the averages of all once enough changed', async () => {
    const before = {
      kept: await kept(),
      version: await version(),
      averages: await service.published(),
    };
    const members = (await snapshots.latest())!.members;
    expect(members).toBe(await storedMembers());

    // One newcomer: stored, but neither published nor kept, so nothing can be differenced.
    const newcomer = await join(9);
    expect(await storedMembers()).toBe(members + 1);
    expect(await kept()).toBe(before.kept);
    expect(await version()).toBe(before.version);
    expect(await service.published()).toEqual(before.averages);
    expect((await service.crowd()).members).toEqual(membersBand(members, 1));

    // Saving again and again is one member changed, however often.
    await change(newcomer, 8);
    await change(newcomer, 9);
    expect(await kept()).toBe(before.kept);

    // A member changing their priorities counts: two changed, still one short.
    await change(created[0]!, 7);
    expect(await kept()).toBe(before.kept);
    expect(await service.published()).toEqual(before.averages);

    // The third: released, published at once (AVERAGES_REFRESH_S = 0) and kept in the history.
    await join(0);
    expect(await kept()).toBe(before.kept + 1);
    expect(await version()).not.toBe(before.version);
    const latest = (await snapshots.latest())!;
    expect(latest.members).toBe(members + 2);
    expect(await service.published()).toEqual(latest.averages);
    expect(latest.averages).not.toEqual(before.averages);
    // Counting starts again from this release; a member leaving (discontinuing) counts too.
    await join(5);
    expect(await kept()).toBe(before.kept + 1);
    const now = new Date();
    await db.user.update({
      where: { uid: newcomer },
      data: { discontinue: true, discontinueDate: now, discontinueFinal: now },
    });
    await service.recompute();
    expect(await kept()).toBe(before.kept + 1);
    await change(created[1]!, 1);
    expect(await kept()).toBe(before.kept + 2);
    expect((await snapshots.latest())!.members).toBe(members + 2);

    // Deleting a counted member (their released row goes by the cascade) is a leave too.
    await db.user.delete({ where: { uid: created[2]! } });
    await service.recompute();
    await change(created[1]!, 2);
    expect(await kept()).toBe(before.kept + 2);
    await change(created[0]!, 3);
    expect(await kept()).toBe(before.kept + 3);
    expect((await snapshots.latest())!.members).toBe(members + 1);
  });
});

/**
 * Decision 0055 on real Postgres and Redis: under the monthly rule a burst of new accounts
 * moves neither the weights of visitors' rankings nor the data version within the month; members
 * of standing make a preview, in force from the 1st of the next month.
 */
describe('visitors’ weights frozen per month (monthly rule)', () => {
  const MIN_MEMBERS = 3;
  const redis = new Redis(testInfra().redisUrl);
  const db = new PrismaClient({
    adapter: createPgAdapter({
      DATABASE_URL: testInfra().databaseUrl('accounts'),
      DATABASE_POOL_SIZE: 2,
    }),
  });
  const prefix = uniqueTransportPrefix('averages-monthly');
  const keys = publicDataKeys(prefix);
  const config = {
    TRANSPORT_PREFIX: prefix,
    AVERAGES_REFRESH_S: 0,
    AVERAGES_MIN_MEMBERS: MIN_MEMBERS,
    AVERAGES_MIN_CHANGES: 1,
    AVERAGES_RULE: 'monthly',
  } as AccountsConfig;
  const snapshots = new AveragesSnapshots(db);
  const announced: unknown[] = [];
  const publication = new AveragesPublication(
    { redis } as unknown as RedisConnection,
    { emit: async (_pattern: string, data: unknown) => void announced.push(data) } as never,
    config,
    snapshots,
  );
  const service = new AveragesService(new AveragesRepository(db), config, publication, snapshots);
  /** Leaves the history as the other test files expect (the immediate rule). */
  const immediate = new AveragesService(
    new AveragesRepository(db),
    { ...config, AVERAGES_RULE: 'immediate', AVERAGES_MIN_MEMBERS: 1 },
    publication,
    snapshots,
  );
  const created: string[] = [];
  let seeded: bigint | number | undefined;
  const now = new Date();
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const nextMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1, 0, 0, 1));
  const lastMonths = averagesOf(3);

  /** A verified member who joined `daysAgo` days ago with `value` on every issue. */
  async function join(value: number, daysAgo: number): Promise<void> {
    const uid = randomUUID();
    created.push(uid);
    const priorities = Object.fromEntries(ISSUES.map((issue) => [issue.serverPriority, value]));
    const joined = new Date(Date.now() - daysAgo * 86_400_000);
    await db.user.create({
      data: {
        uid,
        email: `monthly-${uid}@example.test`,
        firstName: 'Monthly',
        lastName: 'Test',
        passwordHash: 'not-a-hash',
        createdAt: joined,
        emailVerifiedAt: joined,
        priorities: { create: { ...priorities, weighted: true } },
      },
    });
    await service.recompute();
  }

  const version = () => redis.get(keys.version('data'));

  beforeAll(async () => {
    // Last month's publication: the one in force all this month.
    const row = await db.averagesSnapshot.create({
      data: { averages: lastMonths, members: 40, publishedAt: new Date(monthStart.getTime() - 1) },
    });
    seeded = row.id;
  });

  afterAll(async () => {
    await db.user.deleteMany({ where: { uid: { in: created } } });
    if (seeded !== undefined) await db.averagesSnapshot.delete({ where: { id: seeded } });
    await immediate.recompute();
    for (const key of await redis.keys(`${prefix}:*`)) await redis.del(key);
    await redis.quit();
    await db.$disconnect();
  });

  it('keeps the weights of the month through a burst of new accounts, then takes the preview on the 1st', async () => {
    expect(await publication.enforce(now)).toBe(true);
    expect(await service.published()).toEqual(lastMonths);
    expect(announced.at(-1)).toEqual(lastMonths);
    // Within the month, nothing to do again.
    expect(await publication.enforce(now)).toBe(false);
    const before = { version: await version(), crowd: await service.crowd() };
    expect(before.crowd.in_force).toEqual({
      since: monthStart.toISOString(),
      averages: lastMonths,
    });

    // A burst: twelve verified accounts made now, all at 10. None counts yet.
    for (let i = 0; i < 12; i++) await join(10, 0);
    expect(await service.published()).toEqual(lastMonths);
    expect(await version()).toBe(before.version);
    expect((await service.crowd()).members_needed).toBe(before.crowd.members_needed);

    // Members of standing (verified, 30 days and more) make a preview, not the weights.
    await join(9, 31);
    expect((await service.crowd()).members_needed).toBe(
      Math.max(0, before.crowd.members_needed - 1),
    );
    await join(9, 40);
    await join(9, 45);
    const crowd = await service.crowd();
    expect(crowd.members_needed).toBe(0);
    expect(crowd.averages?.average_climate).toBe(9);
    expect(await publication.latest()).toEqual(crowd.averages);
    expect(await service.published()).toEqual(lastMonths);
    expect(crowd.in_force?.averages).toEqual(lastMonths);
    expect(await publication.enforce(now)).toBe(false);

    // The 1st of the next month: the last publication before it takes effect.
    expect(await publication.enforce(nextMonth)).toBe(true);
    expect(await service.published()).toEqual(crowd.averages);
    expect(announced.at(-1)).toEqual(crowd.averages);
  });
});
