import { Inject, Injectable } from '@nestjs/common';
import {
  ERROR_TEXTS,
  type Settings,
  type SettingsBody,
  type SettingsSaved,
} from '@upright/contracts';
import { DATABASE, remoteError } from '@upright/platform';
import type { Prisma, PrismaClient } from '../generated/prisma/client';
import { emailTaken, isUniqueViolation, MembersRepository } from '../members/members.repository';
import { settingsDto, userDto } from '../members/user-dto';
import { checkNewPassword } from '../passwords/new-password';
import { PasswordHasher } from '../passwords/password-hasher';
import { EmailVerifications } from '../registration/email-verifications';
import { SessionsService } from '../sessions/sessions.service';

/**
 * Account settings (spec §7): names, newsletter, theme; the email and the password only with
 * the current password. A new password revokes every other session (decisions §8); a new email
 * must be verified again.
 */
@Injectable()
export class SettingsService {
  constructor(
    @Inject(DATABASE) private readonly db: PrismaClient,
    private readonly members: MembersRepository,
    private readonly passwords: PasswordHasher,
    private readonly sessions: SessionsService,
    private readonly verifications: EmailVerifications,
  ) {}

  async get(uid: string): Promise<Settings> {
    return settingsDto(await this.members.get(uid));
  }

  async save(uid: string, ownToken: string, changes: SettingsBody): Promise<SettingsSaved> {
    const user = await this.members.get(uid);
    if (changes.current_password !== undefined) {
      const matches = await this.passwords.verify(user.passwordHash, changes.current_password);
      if (!matches) {
        throw remoteError(
          'validation_failed',
          `current_password ${ERROR_TEXTS.wrongPassword}`,
          'current_password',
        );
      }
    }
    const emailChanged =
      changes.email !== undefined && changes.email.toLowerCase() !== user.email.toLowerCase();
    if (emailChanged && (await this.members.findByEmail(changes.email!))) {
      throw emailTaken();
    }
    const data: Prisma.UserUpdateInput = {
      firstName: changes.first_name,
      lastName: changes.last_name,
      subscriber: changes.subscriber,
      theme: changes.theme,
      email: changes.email,
      ...(emailChanged ? { emailVerifiedAt: null } : {}),
    };
    if (changes.new_password !== undefined) {
      checkNewPassword(changes.new_password, 'new_password');
      data.passwordHash = await this.passwords.hash(changes.new_password);
    }
    try {
      const { updated, revoked } = await this.db.$transaction(async (tx) => ({
        updated: await tx.user.update({ where: { uid }, data }),
        revoked:
          changes.new_password === undefined
            ? 0
            : await this.sessions.revokeAllOf(uid, ownToken, tx),
      }));
      await this.sessions.memberChanged(uid);
      if (emailChanged) await this.verifications.send(updated);
      return { success: true, user: userDto(updated), sessions_revoked: revoked };
    } catch (error) {
      if (isUniqueViolation(error)) throw emailTaken();
      throw error;
    }
  }
}
