import { Module } from '@nestjs/common';
import { MembersModule } from '../members/members.module';
import { UnsubscribeController } from './unsubscribe.controller';
import { UnsubscribeService } from './unsubscribe.service';

/** The unsubscribe link in every mail. */
@Module({
  imports: [MembersModule],
  controllers: [UnsubscribeController],
  providers: [UnsubscribeService],
})
export class UnsubscribeModule {}
