/**
 * `make admin EMAIL=…` or `make admin MEMBER_UID=…` — grants the admin role
 * (docs/product/rules.md#s8: admins publish reports) to the member with this email (any case) or
 * uid. The email must be verified: otherwise whoever registered the address first would become
 * admin. Exit codes: 0 granted, 1 no such member or not verified, 2 could not run.
 */
import { createPgAdapter, postgresUrl } from '@upright/platform';
import { z } from 'zod';
import { PrismaClient } from '../generated/prisma/client';
import { adminTarget, grantAdmin, type AdminTarget } from './grant-admin';

const env = z.object({ DATABASE_URL: postgresUrl }).safeParse(process.env);

async function run(target: AdminTarget): Promise<number> {
  if (!env.success) {
    console.error('admin: DATABASE_URL must be the accounts database URL');
    return 2;
  }
  const db = new PrismaClient({
    adapter: createPgAdapter({ DATABASE_URL: env.data.DATABASE_URL, DATABASE_POOL_SIZE: 1 }),
  });
  try {
    const outcome = await grantAdmin(db, target);
    if (outcome === 'granted') {
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
