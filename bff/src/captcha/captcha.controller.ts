import { Controller, Get, Header, UseGuards } from '@nestjs/common';
import { captchaChallengeAnswerSchema, type CaptchaChallenge } from '@upright/contracts';
import { CaptchaService, RateLimit, RateLimitGuard } from '../auth';
import { Operation } from '../shared/operation.decorator';

@Controller('api')
export class CaptchaController {
  constructor(private readonly captcha: CaptchaService) {}

  /** The `altcha` widget's challenge URL (each challenge is used once). */
  @Get('captcha')
  @Operation({
    summary: 'A captcha challenge (each is used once)',
    answer: captchaChallengeAnswerSchema,
  })
  @Header('Cache-Control', 'no-store')
  @UseGuards(RateLimitGuard)
  @RateLimit('captcha')
  challenge(): Promise<CaptchaChallenge> {
    return this.captcha.challenge();
  }
}
