import { Inject, Injectable, Logger } from '@nestjs/common';
import { ERROR_TEXTS, MailKinds, mailJobId } from '@upright/contracts';
import { remoteError, SERVICE_CONFIG } from '@upright/platform';
import { randomUUID } from 'node:crypto';
import type { AccountsConfig } from '../config';
import { Transactions } from '../database/transactions';
import type { User } from '../generated/prisma/client';
import { MembersRepository } from '../members/members.repository';
import { withFailureText } from '../messages/failure-text';
import { checkNewPassword } from '../passwords/new-password';
import { PasswordHasher } from '../passwords/password-hasher';
import { MailOutbox } from '../mail/mail.queue';
import { hashOfToken, newSecretToken } from '../sessions/secret-tokens';
import { SessionsService } from '../sessions/sessions.service';
import { PasswordResetsRepository } from './password-resets.repository';

const MINUTE_MS = 60_000;

/**
 * docs/product/spec.md#s4 Password reset: a mailed single-use link with an expiry. Only the link
 * code's hash is stored. A request answers the same whether or not the email belongs to a member.
 */
@Injectable()
export class PasswordResetService {
  private readonly logger = new Logger(PasswordResetService.name);

  constructor(
    private readonly transactions: Transactions,
    private readonly resets: PasswordResetsRepository,
    @Inject(SERVICE_CONFIG) private readonly config: AccountsConfig,
    private readonly members: MembersRepository,
    private readonly passwords: PasswordHasher,
    private readonly sessions: SessionsService,
    private readonly mail: MailOutbox,
  ) {}

  /**
   * `idempotencyKey` (the digest of the user action, decision 0071) names the mail job when
   * given: a try applied again after its replica died before keeping its reply makes a second
   * link, but the mail queue and the send record know the job, so one link is mailed.
   */
  async request(email: string, idempotencyKey?: string): Promise<{ resetSent: true }> {
    const user = await this.members.findByEmail(email);
    if (user !== null) {
      const id = randomUUID();
      const resetHash = newSecretToken();
      const expiresAt = new Date(Date.now() + this.config.RESET_TOKEN_TTL_MINUTES * MINUTE_MS);
      await this.resets.create({ id, uid: user.uid, tokenHash: hashOfToken(resetHash), expiresAt });
      await this.mail.send(
        MailKinds.passwordReset,
        { recipient: this.mail.recipient(user), resetHash, expiresAt: expiresAt.toISOString() },
        mailJobId.passwordReset(user.uid, idempotencyKey ?? id),
      );
    }
    return { resetSent: true };
  }

  async validate(resetHash: string): Promise<{ hashValid: boolean }> {
    const reset = await this.resets.findByTokenHash(hashOfToken(resetHash));
    return { hashValid: reset !== null && reset.usedAt === null && reset.expiresAt > new Date() };
  }

  /**
   * Uses the link once (atomically), sets the password, spends the member's other links, ends
   * every session and tells the member's address. Answers whose password it was, so the BFF
   * can clear that account's budget of wrong passwords.
   */
  async save(
    resetHash: string,
    password: string,
  ): Promise<{ success: true; uid: string; email: string }> {
    // Checked before the link is used, so a refused password does not spend the link.
    checkNewPassword(password, 'password');
    const user = await withFailureText(ERROR_TEXTS.passwordSaveFailed, this.logger, () =>
      this.consumeAndSave(resetHash, password),
    );
    if (user === null) throw remoteError('validation_failed', ERROR_TEXTS.resetHashInvalid, 'hash');
    const changedAt = user.updatedAt.toISOString();
    await this.mail.send(
      MailKinds.accountChanged,
      { recipient: this.mail.recipient(user), change: 'password', changedAt },
      mailJobId.accountChanged(user.uid, changedAt),
    );
    return { success: true, uid: user.uid, email: user.email };
  }

  /** The member whose password was set, or null when the link was not valid. */
  private async consumeAndSave(resetHash: string, password: string): Promise<User | null> {
    const passwordHash = await this.passwords.hash(password);
    const user = await this.transactions.run(async (tx) => {
      const uid = await this.resets.use(hashOfToken(resetHash), tx);
      if (uid === null) return null;
      const user = await this.members.update(uid, { passwordHash }, tx);
      await this.resets.voidOutstanding(uid, tx);
      await this.sessions.revokeAllOf(uid, null, tx);
      return user;
    });
    if (user !== null) await this.sessions.memberChanged(user.uid);
    return user;
  }
}
