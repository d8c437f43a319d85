import { Module } from '@nestjs/common';
import { DeadLettersController } from './dead-letters.controller';
import { MailQueues } from './mail.queue';

@Module({ controllers: [DeadLettersController], providers: [MailQueues] })
export class DeadLettersModule {}
