import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  idempotencyKeyShape,
  Patterns,
  signinBodySchema,
  signupBodySchema,
  verifyBodySchema,
  type ResponseOf,
} from '@upright/contracts';
import { parseMessage } from '@upright/platform';
import { RegistrationService } from './registration.service';

/**
 * The BFF has checked the captcha; the field rules are checked again here (same schema). The key
 * is IdempotentWrites' (one sign-up per user action).
 */
const signupMessage = signupBodySchema.omit({ altcha: true }).extend(idempotencyKeyShape);

@Controller()
export class RegistrationController {
  constructor(private readonly registration: RegistrationService) {}

  @MessagePattern(Patterns.accounts.signup)
  signup(@Payload() data: unknown): Promise<ResponseOf<typeof Patterns.accounts.signup>> {
    return this.registration.signup(parseMessage(signupMessage, data));
  }

  @MessagePattern(Patterns.accounts.signin)
  signin(@Payload() data: unknown): Promise<ResponseOf<typeof Patterns.accounts.signin>> {
    return this.registration.signin(parseMessage(signinBodySchema, data));
  }

  @MessagePattern(Patterns.accounts.verify)
  verify(@Payload() data: unknown): Promise<ResponseOf<typeof Patterns.accounts.verify>> {
    return this.registration.verify(parseMessage(verifyBodySchema, data));
  }
}
