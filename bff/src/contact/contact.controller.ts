import { Body, Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import { messageBodySchema, Patterns, type MessageBody } from '@upright/contracts';
import { ServiceClient } from '@upright/platform';
import { z } from 'zod';
import {
  CurrentMember,
  OptionalMemberGuard,
  RateLimit,
  RateLimitGuard,
  type AuthenticatedMember,
} from '../auth';
import { CaptchaService } from '../auth';
import { IdempotencyDigest } from '../idempotency';
import { ZodValidationPipe } from '../shared/zod-validation.pipe';
import { Operation } from '../shared/operation.decorator';

/**
 * docs/product/spec.md#s7 `POST /api/message`: the contact form (and report correction requests).
 */
@Controller('api')
export class ContactController {
  constructor(
    private readonly services: ServiceClient,
    private readonly captcha: CaptchaService,
  ) {}

  @Post('message')
  @Operation({
    summary: 'Sends the contact form (solved captcha needed)',
    answer: z.object({ sent: z.literal(true) }),
  })
  @HttpCode(200)
  @UseGuards(RateLimitGuard, OptionalMemberGuard)
  @RateLimit('contact')
  async message(
    @CurrentMember() member: AuthenticatedMember | null,
    @Body(new ZodValidationPipe(messageBodySchema)) body: MessageBody,
    @IdempotencyDigest() idempotencyKey: string | undefined,
  ): Promise<{ sent: true }> {
    const { altcha, ...message } = body;
    await this.captcha.verify(altcha, idempotencyKey);
    return this.services.request(Patterns.accounts.message, {
      ...message,
      uid: member?.uid ?? null,
      idempotencyKey,
    });
  }
}
