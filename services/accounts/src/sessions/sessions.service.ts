import { Inject, Injectable } from '@nestjs/common';
import { ERROR_TEXTS, type SessionMember } from '@upright/contracts';
import { DATABASE, PublicData, remoteError, SERVICE_CONFIG } from '@upright/platform';
import { randomUUID } from 'node:crypto';
import type { AccountsConfig } from '../config/accounts-config';
import type { Prisma, PrismaClient } from '../generated/prisma/client';
import { memberWeightsOf } from '../priorities/priorities';
import { hashOfToken, newSecretToken } from './secret-tokens';

const MINUTE_MS = 60 * 1000;
const DAY_MS = 24 * 60 * MINUTE_MS;
type Db = PrismaClient | Prisma.TransactionClient;

/** Bearer sessions: issued at sign-in and sign-up, revocable, expiring (decisions §8). */
@Injectable()
export class SessionsService {
  constructor(
    @Inject(DATABASE) private readonly db: PrismaClient,
    @Inject(SERVICE_CONFIG) private readonly config: AccountsConfig,
    private readonly publicData: PublicData,
  ) {}

  /**
   * After a committed change of the member (sessions revoked, priorities, discontinuation):
   * BFF replicas forget the sessions of this member they verified, so none answers from what
   * is no longer true (decisions §11). Their short verification lifetime bounds a lost one.
   */
  async memberChanged(uid: string): Promise<void> {
    await this.publicData.memberChanged(uid);
  }

  /** A new session for the member; the clear token is returned once and never stored. */
  async open(uid: string, db: Db = this.db): Promise<string> {
    const token = newSecretToken();
    await db.session.create({
      data: {
        id: randomUUID(),
        uid,
        tokenHash: hashOfToken(token),
        expiresAt: new Date(Date.now() + this.config.SESSION_TTL_DAYS * DAY_MS),
      },
    });
    return token;
  }

  /** The member behind a live token; `unauthenticated` when unknown, expired, idle or revoked. */
  async authenticate(token: string): Promise<SessionMember> {
    const session = await this.db.session.findUnique({
      where: { tokenHash: hashOfToken(token) },
      include: { user: { include: { priorities: true } } },
    });
    const now = Date.now();
    const idleSince = now - this.config.SESSION_IDLE_MINUTES * MINUTE_MS;
    if (
      session === null ||
      session.revokedAt !== null ||
      session.expiresAt.getTime() <= now ||
      session.lastSeenAt.getTime() <= idleSince
    ) {
      throw remoteError('unauthenticated', ERROR_TEXTS.sessionExpired);
    }
    if (session.lastSeenAt.getTime() <= now - MINUTE_MS) {
      await this.db.session.update({
        where: { id: session.id },
        data: { lastSeenAt: new Date(now) },
      });
    }
    const { user } = session;
    return {
      uid: user.uid,
      email: user.email,
      role: user.role === 'admin' ? 'admin' : 'member',
      discontinued: user.discontinue,
      weights: memberWeightsOf(user),
    };
  }

  async revoke(token: string): Promise<void> {
    const revoked = await this.db.session.updateManyAndReturn({
      where: { tokenHash: hashOfToken(token), revokedAt: null },
      data: { revokedAt: new Date() },
      select: { uid: true },
    });
    for (const { uid } of revoked) await this.memberChanged(uid);
  }

  /** Revokes every session of the member except `keepToken`'s; returns how many. */
  async revokeAllOf(uid: string, keepToken: string | null, db: Db = this.db): Promise<number> {
    const { count } = await db.session.updateMany({
      where: {
        uid,
        revokedAt: null,
        ...(keepToken === null ? {} : { tokenHash: { not: hashOfToken(keepToken) } }),
      },
      data: { revokedAt: new Date() },
    });
    return count;
  }
}
