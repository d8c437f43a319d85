import { Inject, Injectable } from '@nestjs/common';
import type { RpcException } from '@nestjs/microservices';
import { ERROR_TEXTS } from '@upright/contracts';
import { DATABASE, remoteError } from '@upright/platform';
import { Prisma, PrismaClient, type User } from '../generated/prisma/client';

/** Reads of the `users` table shared by the features. */
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
