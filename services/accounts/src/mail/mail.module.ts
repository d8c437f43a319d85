import { Module } from '@nestjs/common';
import { mailQueueJobs } from '@upright/contracts';
import { QueueProducerModule } from '@upright/platform';
import { MailOutbox } from './mail.queue';

/** Accounts' side of the `mail` queue (the mail service sends). */
@Module({
  imports: [QueueProducerModule.register(mailQueueJobs.accounts)],
  providers: [MailOutbox],
  exports: [MailOutbox],
})
export class MailModule {}
