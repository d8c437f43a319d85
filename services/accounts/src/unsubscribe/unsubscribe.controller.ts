import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Patterns, unsubscribeBodySchema, type ResponseOf } from '@upright/contracts';
import { parseMessage } from '@upright/platform';
import { UnsubscribeService } from './unsubscribe.service';

@Controller()
export class UnsubscribeController {
  constructor(private readonly unsubscribes: UnsubscribeService) {}

  @MessagePattern(Patterns.accounts.unsubscribe)
  unsubscribe(@Payload() data: unknown): Promise<ResponseOf<typeof Patterns.accounts.unsubscribe>> {
    const { uid, key } = parseMessage(unsubscribeBodySchema, data);
    return this.unsubscribes.unsubscribe(uid, key);
  }
}
