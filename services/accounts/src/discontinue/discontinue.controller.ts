import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Patterns, type ResponseOf } from '@upright/contracts';
import { memberMessage } from '../messages/member-message';
import { parseMessage } from '../messages/parse-message';
import { DiscontinueService } from './discontinue.service';

@Controller()
export class DiscontinueController {
  constructor(private readonly discontinuation: DiscontinueService) {}

  @MessagePattern(Patterns.accounts.discontinue)
  discontinue(@Payload() data: unknown): Promise<ResponseOf<typeof Patterns.accounts.discontinue>> {
    return this.discontinuation.discontinue(parseMessage(memberMessage, data).uid);
  }

  @MessagePattern(Patterns.accounts.cancelDiscontinue)
  cancel(
    @Payload() data: unknown,
  ): Promise<ResponseOf<typeof Patterns.accounts.cancelDiscontinue>> {
    return this.discontinuation.cancel(parseMessage(memberMessage, data).uid);
  }
}
