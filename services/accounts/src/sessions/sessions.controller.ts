import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Patterns, type ResponseOf } from '@upright/contracts';
import { parseMessage } from '@upright/platform';
import { SessionsService } from './sessions.service';
import { tokenMessage } from './sessions.schemas';

@Controller()
export class SessionsController {
  constructor(private readonly sessions: SessionsService) {}

  @MessagePattern(Patterns.accounts.authenticate)
  authenticate(
    @Payload() data: unknown,
  ): Promise<ResponseOf<typeof Patterns.accounts.authenticate>> {
    return this.sessions.authenticate(parseMessage(tokenMessage, data).token);
  }

  @MessagePattern(Patterns.accounts.signout)
  async signout(@Payload() data: unknown): Promise<ResponseOf<typeof Patterns.accounts.signout>> {
    await this.sessions.revoke(parseMessage(tokenMessage, data).token);
    return { signedOut: true };
  }
}
