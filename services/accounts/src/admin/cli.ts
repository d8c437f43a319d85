/**
 * `make admin EMAIL=…` — grants the admin role (decisions §8: admins publish reports) to the
 * member with this email (any case). Exit codes: 0 granted, 1 no such member, 2 could not run.
 */
import { createPgAdapter, postgresUrl } from '@upright/platform';
import { z } from 'zod';
import { PrismaClient } from '../generated/prisma/client';

const env = z.object({ DATABASE_URL: postgresUrl }).safeParse(process.env);

async function grantAdmin(email: string): Promise<number> {
  if (!env.success) {
    console.error('admin: DATABASE_URL must be the accounts database URL');
    return 2;
  }
  const db = new PrismaClient({
    adapter: createPgAdapter({ DATABASE_URL: env.data.DATABASE_URL, DATABASE_POOL_SIZE: 1 }),
  });
  try {
    const granted = await db.$executeRaw`
      UPDATE accounts.users SET role = 'admin', updated_at = now() WHERE lower(email) = lower(${email})`;
    if (granted === 0) {
      console.error(`admin: no member has the email ${email}; sign up first`);
      return 1;
    }
    console.log(`admin: ${email} is now an admin`);
    return 0;
  } finally {
    await db.$disconnect();
  }
}

const email = process.argv[2]?.trim() ?? '';
if (!z.email().safeParse(email).success) {
  console.error('usage: make admin EMAIL=member@example.com');
  process.exitCode = 2;
} else {
  grantAdmin(email).then(
    (code) => (process.exitCode = code),
    (error: unknown) => {
      console.error(`admin: ${error instanceof Error ? error.message : String(error)}`);
      process.exitCode = 2;
    },
  );
}
