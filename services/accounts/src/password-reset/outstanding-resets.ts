import type { Prisma } from '../generated/prisma/client';

/**
 * A new password (by reset or in the settings) spends every reset link still out: a link
 * mailed before the change must not undo it.
 */
export async function voidOutstandingResets(
  tx: Prisma.TransactionClient,
  uid: string,
): Promise<void> {
  await tx.passwordReset.updateMany({
    where: { uid, usedAt: null },
    data: { usedAt: new Date() },
  });
}
