import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Patterns, type ResponseOf } from '@upright/contracts';
import { parseMessage } from '@upright/platform';
import { z } from 'zod';
import { SessionsService } from './sessions.service';

const tokenMessage = z.object({ token: z.string('must be a token').min(1).max(200) });

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
