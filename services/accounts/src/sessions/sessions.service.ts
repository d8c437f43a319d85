import { Inject, Injectable } from '@nestjs/common';
import { ERROR_TEXTS, type SessionMember } from '@upright/contracts';
import { PublicData, remoteError, SERVICE_CONFIG } from '@upright/platform';
import { randomUUID } from 'node:crypto';
import type { AccountsConfig } from '../config';
import type { Db } from '../database/transactions';
import { memberWeightsOf } from '../priorities/priorities';
import { hashOfToken, newSecretToken } from './secret-tokens';
import { SessionsRepository } from './sessions.repository';

const MINUTE_MS = 60 * 1000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/**
 * Bearer sessions: issued at sign-in and sign-up, revocable, expiring (docs/product/rules.md#s8).
 */
@Injectable()
export class SessionsService {
  constructor(
    private readonly sessions: SessionsRepository,
    @Inject(SERVICE_CONFIG) private readonly config: AccountsConfig,
    private readonly publicData: PublicData,
  ) {}

  /**
   * After a committed change of the member (sessions revoked, priorities, discontinuation): BFF
   * replicas forget the sessions of this member they verified, so none answers from what is no
   * longer true (docs/product/rules.md#s11). Their short verification lifetime bounds a lost one.
   */
  async memberChanged(uid: string): Promise<void> {
    await this.publicData.memberChanged(uid);
  }

  /** A new session for the member; the clear token is returned once and never stored. */
  async open(uid: string, db?: Db): Promise<string> {
    const token = newSecretToken();
    await this.sessions.create(
      {
        id: randomUUID(),
        uid,
        tokenHash: hashOfToken(token),
        expiresAt: new Date(Date.now() + this.config.SESSION_TTL_DAYS * DAY_MS),
      },
      db,
    );
    return token;
  }

  /** The member behind a live token; `unauthenticated` when unknown, expired, idle or revoked. */
  async authenticate(token: string): Promise<SessionMember> {
    const session = await this.sessions.findByTokenHash(hashOfToken(token));
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
      await this.sessions.touch(session.id, new Date(now));
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
    const revoked = await this.sessions.revokeByTokenHash(hashOfToken(token));
    for (const uid of revoked) await this.memberChanged(uid);
  }

  /** Revokes every session of the member except `keepToken`'s; returns how many. */
  revokeAllOf(uid: string, keepToken: string | null, db?: Db): Promise<number> {
    return this.sessions.revokeAllOf(uid, keepToken === null ? null : hashOfToken(keepToken), db);
  }
}
