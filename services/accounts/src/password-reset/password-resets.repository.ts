import { Inject, Injectable } from '@nestjs/common';
import { DATABASE } from '@upright/platform';
import type { Db } from '../database/transactions';
import type { PasswordReset, PrismaClient } from '../generated/prisma/client';

/** The `password_resets` table: the hashes of mailed reset links. */
@Injectable()
export class PasswordResetsRepository {
  constructor(@Inject(DATABASE) private readonly db: PrismaClient) {}

  async create(link: {
    id: string;
    uid: string;
    tokenHash: string;
    expiresAt: Date;
  }): Promise<void> {
    await this.db.passwordReset.create({ data: link });
  }

  findByTokenHash(tokenHash: string): Promise<PasswordReset | null> {
    return this.db.passwordReset.findUnique({ where: { tokenHash } });
  }

  /** Spends a live link atomically; the uid of its member, or null when it was not live. */
  async use(tokenHash: string, db: Db = this.db): Promise<string | null> {
    const used = await db.$queryRaw<Array<{ uid: string }>>`
      UPDATE accounts.password_resets SET used_at = now()
      WHERE token_hash = ${tokenHash} AND used_at IS NULL AND expires_at > now()
      RETURNING uid::text AS uid`;
    return used.length === 0 ? null : used[0].uid;
  }

  /**
   * A new password (by reset or in the settings) spends every reset link still out: a link
   * mailed before the change must not undo it.
   */
  async voidOutstanding(uid: string, db: Db = this.db): Promise<void> {
    await db.passwordReset.updateMany({
      where: { uid, usedAt: null },
      data: { usedAt: new Date() },
    });
  }
}
