import { Inject, Injectable } from '@nestjs/common';
import type { RpcException } from '@nestjs/microservices';
import { ERROR_TEXTS } from '@upright/contracts';
import { DATABASE, remoteError } from '@upright/platform';
import type { Db } from '../database/transactions';
import { Prisma, PrismaClient, type User } from '../generated/prisma/client';

/** The `users` table, shared by the features. */
@Injectable()
export class MembersRepository {
  constructor(@Inject(DATABASE) private readonly db: PrismaClient) {}

  /** One account per email, case-insensitively: the lookup uses the lower(email) unique index. */
  async findByEmail(email: string): Promise<User | null> {
    const rows = await this.db.$queryRaw<Array<{ uid: string }>>`
      SELECT uid::text AS uid FROM accounts.users WHERE lower(email) = lower(${email})`;
    return rows.length === 0 ? null : this.db.user.findUnique({ where: { uid: rows[0].uid } });
  }

  /** The member of an authenticated call; gone only if deleted since the session was checked. */
  async get(uid: string): Promise<User> {
    const user = await this.db.user.findUnique({ where: { uid } });
    if (user === null) throw remoteError('unauthenticated', ERROR_TEXTS.sessionExpired);
    return user;
  }

  create(data: Prisma.UserCreateInput, db: Db = this.db): Promise<User> {
    return db.user.create({ data });
  }

  update(uid: string, data: Prisma.UserUpdateInput, db: Db = this.db): Promise<User> {
    return db.user.update({ where: { uid }, data });
  }

  /** Sets the flag once; true when this call set it (two saves at once: one wins). */
  async markWelcomeSent(uid: string): Promise<boolean> {
    const { count } = await this.db.user.updateMany({
      where: { uid, welcomeSent: false },
      data: { welcomeSent: true },
    });
    return count === 1;
  }

  /** A deleted member has nothing left to unsubscribe from: no error either. */
  async unsubscribe(uid: string): Promise<void> {
    await this.db.user.updateMany({
      where: { uid },
      data: { subscriber: false, followAlerts: false },
    });
  }

  /** What the deletion job checks; null when the member is gone. */
  deletionState(
    uid: string,
  ): Promise<{ discontinue: boolean; discontinueFinal: Date | null } | null> {
    return this.db.user.findUnique({
      where: { uid },
      select: { discontinue: true, discontinueFinal: true },
    });
  }

  /** Deletes the member if still discontinued (sessions, links and priorities by cascade). */
  async deleteDiscontinued(uid: string): Promise<void> {
    await this.db.user.deleteMany({ where: { uid, discontinue: true } });
  }

  /** Every member waiting for the final date. */
  async pendingDeletions(): Promise<Array<{ uid: string; discontinueFinal: Date }>> {
    const pending = await this.db.user.findMany({
      where: { discontinue: true },
      select: { uid: true, discontinueFinal: true },
    });
    return pending.map((member) => ({
      uid: member.uid,
      discontinueFinal: member.discontinueFinal!,
    }));
  }
}

/** Postgres unique violation (e.g. the lower(email) index) as Prisma reports it. */
export function isUniqueViolation(error: unknown): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002';
}

/**
 * The answer when another account has the email: found by `findByEmail` first, or decided by
 * the unique index (`isUniqueViolation`) when two requests race.
 */
export function emailTaken(): RpcException {
  return remoteError('conflict', ERROR_TEXTS.emailTaken, 'email');
}
