import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Patterns, resetPasswordBodySchema, type ResponseOf } from '@upright/contracts';
import { parseMessage } from '@upright/platform';
import { PasswordResetService } from './password-reset.service';
import { requestMessage, validateMessage } from './password-reset.schemas';

@Controller()
export class PasswordResetController {
  constructor(private readonly resets: PasswordResetService) {}

  @MessagePattern(Patterns.accounts.requestReset)
  request(@Payload() data: unknown): Promise<ResponseOf<typeof Patterns.accounts.requestReset>> {
    const { email, idempotencyKey } = parseMessage(requestMessage, data);
    return this.resets.request(email, idempotencyKey);
  }

  @MessagePattern(Patterns.accounts.validateResetHash)
  validate(
    @Payload() data: unknown,
  ): Promise<ResponseOf<typeof Patterns.accounts.validateResetHash>> {
    return this.resets.validate(parseMessage(validateMessage, data).hash);
  }

  @MessagePattern(Patterns.accounts.resetPassword)
  save(@Payload() data: unknown): Promise<ResponseOf<typeof Patterns.accounts.resetPassword>> {
    const { hash, password } = parseMessage(resetPasswordBodySchema, data);
    return this.resets.save(hash, password);
  }
}
