import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Patterns, prioritiesBodySchema, type ResponseOf } from '@upright/contracts';
import { forMember, memberMessage } from '../members/member-message.schemas';
import { parseMessage } from '@upright/platform';
import { PrioritiesService } from './priorities.service';

const saveMessage = forMember({ values: prioritiesBodySchema });

@Controller()
export class PrioritiesController {
  constructor(private readonly priorities: PrioritiesService) {}

  @MessagePattern(Patterns.accounts.priorities)
  get(@Payload() data: unknown): Promise<ResponseOf<typeof Patterns.accounts.priorities>> {
    return this.priorities.get(parseMessage(memberMessage, data).uid);
  }

  @MessagePattern(Patterns.accounts.savePriorities)
  save(@Payload() data: unknown): Promise<ResponseOf<typeof Patterns.accounts.savePriorities>> {
    const { uid, values } = parseMessage(saveMessage, data);
    return this.priorities.save(uid, values);
  }
}
