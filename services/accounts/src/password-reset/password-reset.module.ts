import { Module } from '@nestjs/common';
import { TransactionsModule } from '../database/database.module';
import { MailModule } from '../mail/mail.module';
import { MembersModule } from '../members/members.module';
import { PasswordsModule } from '../passwords/passwords.module';
import { SessionsModule } from '../sessions/sessions.module';
import { PasswordResetController } from './password-reset.controller';
import { PasswordResetService } from './password-reset.service';
import { PasswordResetsRepository } from './password-resets.repository';

/** Mailed single-use reset links. */
@Module({
  imports: [MembersModule, PasswordsModule, SessionsModule, MailModule, TransactionsModule],
  controllers: [PasswordResetController],
  providers: [PasswordResetService, PasswordResetsRepository],
  exports: [PasswordResetsRepository],
})
export class PasswordResetModule {}
