import { Module } from '@nestjs/common';
import { MailModule } from '../mail/mail.module';
import { MembersController } from './members.controller';
import { MembersRepository } from './members.repository';
import { WelcomeMail } from './welcome-mail';

/** The `users` table and the member's own calls; the welcome mail. */
@Module({
  imports: [MailModule],
  controllers: [MembersController],
  providers: [MembersRepository, WelcomeMail],
  exports: [MembersRepository, WelcomeMail],
})
export class MembersModule {}
