import {
  Body,
  Controller,
  Get,
  HttpCode,
  HttpStatus,
  Param,
  Post,
  Query,
  UseGuards,
} from '@nestjs/common';
import {
  correctionBodySchema,
  correctionLedgerAnswerSchema,
  correctionReceiptAnswerSchema,
  Patterns,
  type CorrectionBody,
  type CorrectionLedger,
  type CorrectionReceipt,
} from '@upright/contracts';
import { ServiceClient } from '@upright/platform';
import type { z } from 'zod';
import { RateLimit, RateLimitGuard } from '../auth';
import { PublicAnswer } from '../shared/public-answer.decorator';
import { CaptchaService } from '../auth';
import { unknownCompany } from '../shared/api-exceptions';
import { companyPageParams, companyRoute } from '../shared/route-params';
import { IdempotencyDigest } from '../idempotency';
import { ZodValidationPipe } from '../shared/zod-validation.pipe';
import { Operation } from '../shared/operation.decorator';
import { correctionsPageQuery, type CorrectionsPageQuery } from './corrections.schemas';

/**
 * Corrections with a public ledger (decision 0038): anyone may ask, with a solved
 * captcha and within the contact form's budget per address; the ledger is public and read for
 * each view.
 */
@Controller('api')
export class CorrectionsController {
  constructor(
    private readonly services: ServiceClient,
    private readonly captcha: CaptchaService,
  ) {}

  @Post('corrections')
  @Operation({
    summary: 'Asks for a correction of a figure or rank (solved captcha needed)',
    answer: correctionReceiptAnswerSchema,
  })
  @HttpCode(HttpStatus.CREATED)
  @UseGuards(RateLimitGuard)
  @RateLimit('contact')
  async request(
    @Body(new ZodValidationPipe(correctionBodySchema)) body: CorrectionBody,
    @IdempotencyDigest() idempotencyKey: string | undefined,
  ): Promise<CorrectionReceipt> {
    const { altcha, ...request } = body;
    await this.captcha.verify(altcha, idempotencyKey);
    return this.services.request(Patterns.rankings.requestCorrection, {
      ...request,
      idempotencyKey,
    });
  }

  /**
   * A page of the company's ledger; 404 naming `company` when there is none. Kept under the
   * `corrections` version, which every request and decision moves: a change of one
   * ledger drops the kept ledgers, not the rest of the site's kept answers.
   */
  @Get('corrections/:market/:industry/:company')
  @PublicAnswer({ domain: 'corrections', personal: false, query: ['page', 'size'] })
  @Operation({
    summary: "A page of a company's public corrections ledger",
    answer: correctionLedgerAnswerSchema,
  })
  async ledger(
    @Param(new ZodValidationPipe(companyPageParams)) params: z.output<typeof companyPageParams>,
    @Query(new ZodValidationPipe(correctionsPageQuery)) page: CorrectionsPageQuery,
  ): Promise<CorrectionLedger> {
    const route = companyRoute(params);
    const ledger = await this.services.request(Patterns.rankings.correctionLedger, {
      ...route,
      ...page,
    });
    if (ledger === null) throw unknownCompany('company', route);
    return ledger;
  }
}
