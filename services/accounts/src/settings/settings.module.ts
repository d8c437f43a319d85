import { Module } from '@nestjs/common';
import { TransactionsModule } from '../database/database.module';
import { MailModule } from '../mail/mail.module';
import { MembersModule } from '../members/members.module';
import { PasswordResetModule } from '../password-reset/password-reset.module';
import { PasswordsModule } from '../passwords/passwords.module';
import { RegistrationModule } from '../registration/registration.module';
import { SessionsModule } from '../sessions/sessions.module';
import { SettingsController } from './settings.controller';
import { SettingsService } from './settings.service';

/** Account settings: names, newsletter, theme, email, password. */
@Module({
  imports: [
    MembersModule,
    PasswordsModule,
    SessionsModule,
    RegistrationModule,
    PasswordResetModule,
    MailModule,
    TransactionsModule,
  ],
  controllers: [SettingsController],
  providers: [SettingsService],
})
export class SettingsModule {}
