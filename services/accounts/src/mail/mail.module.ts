import { Module } from '@nestjs/common';
import { MailOutbox } from './mail.queue';

/** Accounts' side of the `mail` queue (the mail service sends). */
@Module({
  providers: [MailOutbox],
  exports: [MailOutbox],
})
export class MailModule {}
