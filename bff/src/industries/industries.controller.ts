import { Controller, Get, Param } from '@nestjs/common';
import { activeIndustriesAnswerSchema, industryAnswerSchema, Patterns } from '@upright/contracts';
import { ServiceClient } from '@upright/platform';
import { z } from 'zod';
import { ZodValidationPipe } from '../shared/zod-validation.pipe';
import { Operation } from '../shared/operation.decorator';
import { PublicAnswer } from '../shared/public-answer.decorator';
import { industryParams } from './industries.schemas';

@Controller('api')
export class IndustriesController {
  constructor(private readonly services: ServiceClient) {}

  /** docs/product/spec.md#s7: the active industries. */
  @PublicAnswer({ domain: 'data', personal: false })
  @Get('active')
  @Operation({
    summary: 'The active industries',
    answer: activeIndustriesAnswerSchema,
  })
  active() {
    return this.services.request(Patterns.rankings.activeIndustries, {});
  }

  /** docs/product/spec.md#s7: one industry; 404 when it is unknown or inactive. */
  @PublicAnswer({ domain: 'data', personal: false })
  @Get('industry/:industry')
  @Operation({
    summary: 'One active industry',
    answer: industryAnswerSchema,
  })
  industry(@Param(new ZodValidationPipe(industryParams)) params: z.output<typeof industryParams>) {
    return this.services.request(Patterns.rankings.industry, { industry: params.industry });
  }
}
