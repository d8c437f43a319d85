import { Inject, Injectable } from '@nestjs/common';
import { MailKinds, mailJobId } from '@upright/contracts';
import { SERVICE_CONFIG } from '@upright/platform';
import { randomUUID } from 'node:crypto';
import type { AccountsConfig } from '../config';
import type { User } from '../generated/prisma/client';
import { MailOutbox } from '../mail/mail.queue';
import { hashOfToken, newSecretToken } from '../sessions/secret-tokens';
import { EmailVerificationsRepository } from './email-verifications.repository';

const HOUR_MS = 60 * 60 * 1000;

/** Mailed links that verify a member's current email address (`POST /api/verify { hash }`). */
@Injectable()
export class EmailVerifications {
  constructor(
    private readonly links: EmailVerificationsRepository,
    @Inject(SERVICE_CONFIG) private readonly config: AccountsConfig,
    private readonly mail: MailOutbox,
  ) {}

  /** Stores the link's hash and queues the mail with the clear code. */
  async send(user: User): Promise<void> {
    const id = randomUUID();
    const verifyHash = newSecretToken();
    await this.links.create({
      id,
      uid: user.uid,
      email: user.email,
      tokenHash: hashOfToken(verifyHash),
      expiresAt: new Date(Date.now() + this.config.VERIFY_TOKEN_TTL_HOURS * HOUR_MS),
    });
    await this.mail.send(
      MailKinds.emailVerification,
      { recipient: this.mail.recipient(user), verifyHash },
      mailJobId.emailVerification(user.uid, id),
    );
  }

  /** Uses a link once; the member's uid, or null for a dead link (see the repository). */
  consume(verifyHash: string): Promise<string | null> {
    return this.links.consume(hashOfToken(verifyHash));
  }
}
