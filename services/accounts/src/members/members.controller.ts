import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Patterns, type ResponseOf } from '@upright/contracts';
import { memberMessage } from './member-message.schemas';
import { parseMessage } from '@upright/platform';
import { MembersRepository } from './members.repository';
import { userDto } from './user-dto';
import { WelcomeMail } from './welcome-mail';

@Controller()
export class MembersController {
  constructor(
    private readonly members: MembersRepository,
    private readonly welcome: WelcomeMail,
  ) {}

  @MessagePattern(Patterns.accounts.user)
  async user(@Payload() data: unknown): Promise<ResponseOf<typeof Patterns.accounts.user>> {
    return userDto(await this.members.get(parseMessage(memberMessage, data).uid));
  }

  @MessagePattern(Patterns.accounts.welcome)
  async sendWelcome(
    @Payload() data: unknown,
  ): Promise<ResponseOf<typeof Patterns.accounts.welcome>> {
    return { queued: await this.welcome.sendOnce(parseMessage(memberMessage, data).uid) };
  }
}
