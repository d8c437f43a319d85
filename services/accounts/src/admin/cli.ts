/**
 * `make admin EMAIL=…` or `make admin MEMBER_UID=…` — grants the admin role
 * (docs/product/rules.md#s8: admins publish reports) to the member with this email (any case) or
 * uid. The email must be verified: otherwise whoever registered the address first would become
 * admin. The grant is announced on Redis (REDIS_URL, TRANSPORT_PREFIX, as the service has them) so
 * that every BFF replica forgets the member's verified sessions and the role applies on the next
 * request, not when the replicas' session cache runs out. Exit codes: 0 granted, 1 no such member
 * or not verified, 2 could not run.
 */
import {
  announceMemberChanged,
  commonConfigSchema,
  createPgAdapter,
  postgresUrl,
} from '@upright/platform';
import Redis from 'ioredis';
import { z } from 'zod';
import { PrismaClient } from '../generated/prisma/client';
import { adminTarget, grantAdmin, type AdminTarget } from './grant-admin';

const env = z
  .object({ DATABASE_URL: postgresUrl })
  .extend(commonConfigSchema.pick({ REDIS_URL: true, TRANSPORT_PREFIX: true }).shape)
  .safeParse(process.env);

/** Tells the BFF replicas; the grant itself is already committed, so a failure only warns. */
async function announce(uid: string, redisUrl: string, transportPrefix: string): Promise<void> {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1, connectTimeout: 5000 });
  try {
    await announceMemberChanged(redis, transportPrefix, uid);
  } catch (error) {
    console.error(
      `admin: granted, but the BFF replicas could not be told (${String(error)}); ` +
        'they apply the role once their session cache runs out (SESSION_CACHE_S)',
    );
  } finally {
    redis.disconnect();
  }
}

async function run(target: AdminTarget): Promise<number> {
  if (!env.success) {
    const wrong = env.error.issues.map((issue) => issue.path.join('.')).join(', ');
    console.error(`admin: ${wrong} is wrong (DATABASE_URL must be the accounts database URL)`);
    return 2;
  }
  const db = new PrismaClient({
    adapter: createPgAdapter({ DATABASE_URL: env.data.DATABASE_URL, DATABASE_POOL_SIZE: 1 }),
  });
  try {
    const outcome = await grantAdmin(db, target);
    if (typeof outcome === 'object') {
      await announce(outcome.granted, env.data.REDIS_URL, env.data.TRANSPORT_PREFIX);
      console.log(`admin: ${target.value} is now an admin`);
      return 0;
    }
    console.error(
      outcome === 'unverified'
        ? `admin: ${target.value} has not verified its email; verify it first (or name the member by uid)`
        : `admin: no member has the ${target.kind} ${target.value}; sign up first`,
    );
    return 1;
  } finally {
    await db.$disconnect();
  }
}

const target = adminTarget(process.argv[2]?.trim() ?? '');
if (target === null) {
  console.error('usage: make admin EMAIL=member@example.com (or MEMBER_UID=<uid>)');
  process.exitCode = 2;
} else {
  run(target).then(
    (code) => (process.exitCode = code),
    (error: unknown) => {
      console.error(`admin: ${error instanceof Error ? error.message : String(error)}`);
      process.exitCode = 2;
    },
  );
}
