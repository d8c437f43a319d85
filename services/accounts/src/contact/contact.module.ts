import { Module } from '@nestjs/common';
import { MailModule } from '../mail/mail.module';
import { ContactController } from './contact.controller';

/** The contact form's messages, mailed to the contact inbox. */
@Module({
  imports: [MailModule],
  controllers: [ContactController],
})
export class ContactModule {}
