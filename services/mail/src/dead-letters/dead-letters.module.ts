import { Module } from '@nestjs/common';
import { DeadLettersController } from './dead-letters.controller';
import { MailQueue } from './mail.queue';

@Module({ controllers: [DeadLettersController], providers: [MailQueue] })
export class DeadLettersModule {}
