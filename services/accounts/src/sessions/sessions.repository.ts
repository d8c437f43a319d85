import { Inject, Injectable } from '@nestjs/common';
import { DATABASE } from '@upright/platform';
import type { Db } from '../database/transactions';
import type { PrismaClient } from '../generated/prisma/client';

/** The `sessions` table: rows keyed by the hash of their bearer token, never the token. */
@Injectable()
export class SessionsRepository {
  constructor(@Inject(DATABASE) private readonly db: PrismaClient) {}

  async create(
    session: { id: string; uid: string; tokenHash: string; expiresAt: Date },
    db: Db = this.db,
  ): Promise<void> {
    await db.session.create({ data: session });
  }

  /** The session with its member and the member's priorities (what authentication answers). */
  findByTokenHash(tokenHash: string) {
    return this.db.session.findUnique({
      where: { tokenHash },
      include: { user: { include: { priorities: true } } },
    });
  }

  async touch(id: string, lastSeenAt: Date): Promise<void> {
    await this.db.session.update({ where: { id }, data: { lastSeenAt } });
  }

  /** Revokes the live session of the token; returns the members whose session it was. */
  async revokeByTokenHash(tokenHash: string): Promise<string[]> {
    const revoked = await this.db.session.updateManyAndReturn({
      where: { tokenHash, revokedAt: null },
      data: { revokedAt: new Date() },
      select: { uid: true },
    });
    return revoked.map(({ uid }) => uid);
  }

  /** Revokes every live session of the member except the one of `keepTokenHash`; how many. */
  async revokeAllOf(uid: string, keepTokenHash: string | null, db: Db = this.db): Promise<number> {
    const { count } = await db.session.updateMany({
      where: {
        uid,
        revokedAt: null,
        ...(keepTokenHash === null ? {} : { tokenHash: { not: keepTokenHash } }),
      },
      data: { revokedAt: new Date() },
    });
    return count;
  }
}
