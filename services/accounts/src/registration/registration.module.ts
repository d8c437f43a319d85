import { Module } from '@nestjs/common';
import { TransactionsModule } from '../database/database.module';
import { MailModule } from '../mail/mail.module';
import { MembersModule } from '../members/members.module';
import { PasswordsModule } from '../passwords/passwords.module';
import { PrioritiesModule } from '../priorities/priorities.module';
import { SessionsModule } from '../sessions/sessions.module';
import { EmailVerifications } from './email-verifications';
import { EmailVerificationsRepository } from './email-verifications.repository';
import { RegistrationController } from './registration.controller';
import { RegistrationService } from './registration.service';

/** Sign-up, sign-in and email verification. */
@Module({
  imports: [
    MembersModule,
    PasswordsModule,
    SessionsModule,
    PrioritiesModule,
    MailModule,
    TransactionsModule,
  ],
  controllers: [RegistrationController],
  providers: [RegistrationService, EmailVerifications, EmailVerificationsRepository],
  exports: [EmailVerifications],
})
export class RegistrationModule {}
