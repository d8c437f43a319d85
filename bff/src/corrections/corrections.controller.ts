import {
  Body,
  Controller,
  Get,
  HttpCode,
  HttpStatus,
  Param,
  Post,
  UseGuards,
} from '@nestjs/common';
import {
  correctionBodySchema,
  Patterns,
  type CorrectionBody,
  type CorrectionLedger,
  type CorrectionReceipt,
} from '@upright/contracts';
import { ServiceClient } from '@upright/platform';
import type { z } from 'zod';
import { PublicAnswer } from '../answer-cache/public-answer.decorator';
import { RateLimit, RateLimitGuard } from '../auth';
import { CaptchaService } from '../captcha/captcha.service';
import { unknownCompany } from '../http/api-exceptions';
import { companyPageParams, companyRoute } from '../http/route-params';
import { ZodValidationPipe } from '../http/zod-validation.pipe';

/**
 * Corrections with a public ledger (issue 15, decision 0038): anyone may ask, with a solved
 * captcha and within the contact form's budget per address; the ledger is a public answer,
 * kept per `data` version (rankings moves it on every request and resolution).
 */
@Controller('api')
export class CorrectionsController {
  constructor(
    private readonly services: ServiceClient,
    private readonly captcha: CaptchaService,
  ) {}

  @Post('corrections')
  @HttpCode(HttpStatus.CREATED)
  @UseGuards(RateLimitGuard)
  @RateLimit('contact')
  async request(
    @Body(new ZodValidationPipe(correctionBodySchema)) body: CorrectionBody,
  ): Promise<CorrectionReceipt> {
    const { altcha, ...request } = body;
    await this.captcha.verify(altcha);
    return this.services.request(Patterns.rankings.requestCorrection, request);
  }

  /** The company of this company page's ledger; 404 naming `company` when there is none. */
  @PublicAnswer({ domain: 'data', personal: false })
  @Get('corrections/:market/:industry/:company')
  async ledger(
    @Param(new ZodValidationPipe(companyPageParams)) params: z.output<typeof companyPageParams>,
  ): Promise<CorrectionLedger> {
    const route = companyRoute(params);
    const ledger = await this.services.request(Patterns.rankings.correctionLedger, route);
    if (ledger === null) throw unknownCompany('company', route);
    return ledger;
  }
}
