import { Controller, Get, Header } from '@nestjs/common';
import type { CaptchaChallenge } from '@upright/contracts';
import { CaptchaService } from './captcha.service';

@Controller('api')
export class CaptchaController {
  constructor(private readonly captcha: CaptchaService) {}

  /** The `altcha` widget's challenge URL (each challenge is used once). */
  @Get('captcha')
  @Header('Cache-Control', 'no-store')
  challenge(): Promise<CaptchaChallenge> {
    return this.captcha.challenge();
  }
}
