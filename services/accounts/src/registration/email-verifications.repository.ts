import { Inject, Injectable } from '@nestjs/common';
import { DATABASE } from '@upright/platform';
import type { PrismaClient } from '../generated/prisma/client';

/** The `email_verifications` table: the hashes of mailed verification links. */
@Injectable()
export class EmailVerificationsRepository {
  constructor(@Inject(DATABASE) private readonly db: PrismaClient) {}

  async create(link: {
    id: string;
    uid: string;
    email: string;
    tokenHash: string;
    expiresAt: Date;
  }): Promise<void> {
    await this.db.emailVerification.create({ data: link });
  }

  /**
   * Uses a link once: marks the member's email verified when the link is live and was sent to
   * the address the member still has. Returns the member's uid, or null for a dead link.
   */
  async consume(tokenHash: string): Promise<string | null> {
    return this.db.$transaction(async (tx) => {
      const rows = await tx.$queryRaw<Array<{ uid: string }>>`
        UPDATE accounts.email_verifications v SET used_at = now()
        FROM accounts.users u
        WHERE v.token_hash = ${tokenHash} AND v.used_at IS NULL
          AND v.expires_at > now() AND u.uid = v.uid AND lower(u.email) = lower(v.email)
        RETURNING v.uid::text AS uid`;
      if (rows.length === 0) return null;
      await tx.user.update({ where: { uid: rows[0].uid }, data: { emailVerifiedAt: new Date() } });
      return rows[0].uid;
    });
  }
}
