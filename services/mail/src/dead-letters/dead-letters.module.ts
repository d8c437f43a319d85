import { Module } from '@nestjs/common';
import { mailWorkerQueues } from '@upright/contracts';
import { QueueProducerModule } from '@upright/platform';
import { DeadLettersController } from './dead-letters.controller';
import { mailQueues } from './mail.queue';

@Module({
  imports: [QueueProducerModule.register(...mailWorkerQueues)],
  controllers: [DeadLettersController],
  providers: [mailQueues],
})
export class DeadLettersModule {}
