import { Inject, Injectable } from '@nestjs/common';
import { MailKinds, mailJobId } from '@upright/contracts';
import { DATABASE, SERVICE_CONFIG } from '@upright/platform';
import { randomUUID } from 'node:crypto';
import type { AccountsConfig } from '../config/accounts-config';
import type { PrismaClient, User } from '../generated/prisma/client';
import { MailOutbox } from '../queues/mail-outbox';
import { hashOfToken, newSecretToken } from '../sessions/secret-tokens';

const HOUR_MS = 60 * 60 * 1000;

/** Mailed links that verify a member's current email address (`POST /api/verify { hash }`). */
@Injectable()
export class EmailVerifications {
  constructor(
    @Inject(DATABASE) private readonly db: PrismaClient,
    @Inject(SERVICE_CONFIG) private readonly config: AccountsConfig,
    private readonly mail: MailOutbox,
  ) {}

  /** Stores the link's hash and queues the mail with the clear code. */
  async send(user: User): Promise<void> {
    const id = randomUUID();
    const verifyHash = newSecretToken();
    await this.db.emailVerification.create({
      data: {
        id,
        uid: user.uid,
        email: user.email,
        tokenHash: hashOfToken(verifyHash),
        expiresAt: new Date(Date.now() + this.config.VERIFY_TOKEN_TTL_HOURS * HOUR_MS),
      },
    });
    await this.mail.send(
      MailKinds.emailVerification,
      { recipient: this.mail.recipient(user), verifyHash },
      mailJobId.emailVerification(user.uid, id),
    );
  }

  /**
   * Uses a link once: marks the member's email verified when the link is live and was sent to
   * the address the member still has. Returns the member's uid, or null for a dead link.
   */
  async consume(verifyHash: string): Promise<string | null> {
    return this.db.$transaction(async (tx) => {
      const rows = await tx.$queryRaw<Array<{ uid: string }>>`
        UPDATE accounts.email_verifications v SET used_at = now()
        FROM accounts.users u
        WHERE v.token_hash = ${hashOfToken(verifyHash)} AND v.used_at IS NULL
          AND v.expires_at > now() AND u.uid = v.uid AND lower(u.email) = lower(v.email)
        RETURNING v.uid::text AS uid`;
      if (rows.length === 0) return null;
      await tx.user.update({ where: { uid: rows[0].uid }, data: { emailVerifiedAt: new Date() } });
      return rows[0].uid;
    });
  }
}
