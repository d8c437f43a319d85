import { z } from 'zod';
import type { PrismaClient } from '../generated/prisma/client';

export type AdminTarget = { kind: 'uid' | 'email'; value: string };

/** A uid names the member exactly; an email only once its owner proved it (verified). */
export function adminTarget(argument: string): AdminTarget | null {
  if (z.uuid().safeParse(argument).success) return { kind: 'uid', value: argument };
  if (z.email().safeParse(argument).success) return { kind: 'email', value: argument };
  return null;
}

export async function grantAdmin(
  db: PrismaClient,
  target: AdminTarget,
): Promise<{ granted: string } | 'unverified' | 'unknown'> {
  const rows = await db.$queryRaw<Array<{ uid: string; verified: boolean }>>`
    SELECT uid::text AS uid, email_verified_at IS NOT NULL AS verified FROM accounts.users
    WHERE ${target.kind === 'uid'} AND uid::text = ${target.value}
       OR ${target.kind === 'email'} AND lower(email) = lower(${target.value})`;
  if (rows.length === 0) return 'unknown';
  const [member] = rows;
  // By uid the operator chose the member themself; by email the address must be proven.
  if (target.kind === 'email' && !member.verified) return 'unverified';
  await db.user.update({ where: { uid: member.uid }, data: { role: 'admin' } });
  return { granted: member.uid };
}
