import { Controller, Logger } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ERROR_TEXTS, Patterns, type ResponseOf } from '@upright/contracts';
import { discontinueBodySchema } from '@upright/contracts';
import { forMember, memberMessage } from '../members/member-message.schemas';
import { parseMessage } from '@upright/platform';
import { withFailureText } from '../messages/failure-text';
import { DiscontinueService } from './discontinue.service';

const discontinueMessage = forMember(discontinueBodySchema.shape);

@Controller()
export class DiscontinueController {
  private readonly logger = new Logger(DiscontinueController.name);

  constructor(private readonly discontinuation: DiscontinueService) {}

  @MessagePattern(Patterns.accounts.discontinue)
  discontinue(@Payload() data: unknown): Promise<ResponseOf<typeof Patterns.accounts.discontinue>> {
    const { uid, password } = parseMessage(discontinueMessage, data);
    return withFailureText(ERROR_TEXTS.discontinueFailed, this.logger, () =>
      this.discontinuation.discontinue(uid, password),
    );
  }

  @MessagePattern(Patterns.accounts.cancelDiscontinue)
  cancel(
    @Payload() data: unknown,
  ): Promise<ResponseOf<typeof Patterns.accounts.cancelDiscontinue>> {
    const { uid } = parseMessage(memberMessage, data);
    return withFailureText(ERROR_TEXTS.discontinueFailed, this.logger, () =>
      this.discontinuation.cancel(uid),
    );
  }
}
