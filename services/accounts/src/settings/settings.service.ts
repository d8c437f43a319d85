import { Injectable } from '@nestjs/common';
import {
  MailKinds,
  mailJobId,
  type AccountChange,
  type Settings,
  type SettingsBody,
  type SettingsSaved,
} from '@upright/contracts';
import { randomUUID } from 'node:crypto';
import { Transactions } from '../database/transactions';
import type { Prisma, User } from '../generated/prisma/client';
import { emailTaken, isUniqueViolation, MembersRepository } from '../members/members.repository';
import { settingsDto, userDto } from '../members/user-dto';
import { checkNewPassword } from '../passwords/new-password';
import { PasswordResetsRepository } from '../password-reset/password-resets.repository';
import { PasswordHasher } from '../passwords/password-hasher';
import { MailOutbox } from '../mail/mail.queue';
import { EmailVerifications } from '../registration/email-verifications';
import { SessionsService } from '../sessions/sessions.service';

/**
 * Account settings (docs/product/spec.md#s7): names, newsletter, theme; the email and the password
 * only with the current password. A new password revokes every other session and every outstanding
 * reset link (docs/product/rules.md#s8); a new email must be verified again. The old address hears
 * of either.
 */
@Injectable()
export class SettingsService {
  constructor(
    private readonly transactions: Transactions,
    private readonly resets: PasswordResetsRepository,
    private readonly members: MembersRepository,
    private readonly passwords: PasswordHasher,
    private readonly sessions: SessionsService,
    private readonly verifications: EmailVerifications,
    private readonly mail: MailOutbox,
  ) {}

  async get(uid: string): Promise<Settings> {
    return settingsDto(await this.members.get(uid));
  }

  async save(uid: string, ownToken: string, changes: SettingsBody): Promise<SettingsSaved> {
    const user = await this.members.get(uid);
    if (changes.current_password !== undefined) {
      await this.passwords.confirm(user.passwordHash, changes.current_password, 'current_password');
    }
    const wantsEmail =
      changes.email !== undefined && changes.email.toLowerCase() !== user.email.toLowerCase();
    const owner = wantsEmail ? await this.members.findByEmail(changes.email!) : null;
    // A taken address changes nothing, but the answer is that of a free one (no enumeration of
    // members by their address); its owner is told instead.
    const emailChanged = wantsEmail && owner === null;
    const data: Prisma.UserUpdateInput = {
      firstName: changes.first_name,
      lastName: changes.last_name,
      subscriber: changes.subscriber,
      theme: changes.theme,
      ...(emailChanged ? { email: changes.email, emailVerifiedAt: null } : {}),
    };
    const passwordChanged = changes.new_password !== undefined;
    if (passwordChanged) {
      checkNewPassword(changes.new_password!, 'new_password');
      data.passwordHash = await this.passwords.hash(changes.new_password!);
    }
    let saved: { updated: User; revoked: number };
    try {
      saved = await this.transactions.run(async (tx) => {
        const updated = await this.members.update(uid, data, tx);
        if (!passwordChanged) return { updated, revoked: 0 };
        await this.resets.voidOutstanding(uid, tx);
        return { updated, revoked: await this.sessions.revokeAllOf(uid, ownToken, tx) };
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw emailTaken();
      throw error;
    }
    const { updated, revoked } = saved;
    await this.sessions.memberChanged(uid);
    if (owner !== null) {
      await this.mail.send(
        MailKinds.emailInUse,
        { recipient: this.mail.recipient(owner) },
        mailJobId.emailInUse(owner.uid, randomUUID()),
      );
    }
    const change = accountChange(emailChanged, passwordChanged);
    if (change !== null) {
      // To the address the account had: the warning reaches its owner even after a takeover.
      const changedAt = updated.updatedAt.toISOString();
      await this.mail.send(
        MailKinds.accountChanged,
        { recipient: this.mail.recipient(user), change, changedAt },
        mailJobId.accountChanged(uid, changedAt),
      );
    }
    if (emailChanged) await this.verifications.send(updated);
    const shown =
      owner === null ? updated : { ...updated, email: changes.email!, emailVerifiedAt: null };
    return { success: true, user: userDto(shown), sessions_revoked: revoked };
  }
}

function accountChange(email: boolean, password: boolean): AccountChange | null {
  if (email && password) return 'email and password';
  if (email) return 'email';
  return password ? 'password' : null;
}
