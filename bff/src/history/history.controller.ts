import { Controller, Get, Param, Query } from '@nestjs/common';
import {
  companyHistoryAnswerSchema,
  comparisonAnswerSchema,
  industryHistoryAnswerSchema,
  Patterns,
  type CompanyHistoryResponse,
  type ComparisonResponse,
  type IndustryHistoryResponse,
} from '@upright/contracts';
import { ServiceClient } from '@upright/platform';
import { z } from 'zod';
import { PublicAnswer } from '../shared/public-answer.decorator';
import { unknownCompany } from '../shared/api-exceptions';
import {
  companyPageParams,
  companyRoute,
  industryPageParams,
  requireCoveredMarket,
} from '../shared/route-params';
import { ZodValidationPipe } from '../shared/zod-validation.pipe';
import { Operation } from '../shared/operation.decorator';
import { comparisonQuery } from './history.schemas';

/** docs/product/rules.md#s12: history and comparison, public reads kept like every other. */
@Controller('api')
export class HistoryController {
  constructor(private readonly services: ServiceClient) {}

  @PublicAnswer({ domain: 'data', personal: false })
  @Get('history/:market/:industry')
  @Operation({
    summary: "An industry's ranking at every period with scores",
    answer: industryHistoryAnswerSchema,
  })
  industryHistory(
    @Param(new ZodValidationPipe(industryPageParams)) params: z.output<typeof industryPageParams>,
  ): Promise<IndustryHistoryResponse> {
    requireCoveredMarket('market', params.market);
    return this.services.request(Patterns.rankings.industryHistory, {
      industry: params.industry,
    });
  }

  /** Unlike the company page (204), an unknown company is a 404 here: nothing has history. */
  @PublicAnswer({ domain: 'data', personal: false })
  @Get('history/:market/:industry/:company')
  @Operation({
    summary: "A company's ranks at every period with scores",
    answer: companyHistoryAnswerSchema,
  })
  async companyHistory(
    @Param(new ZodValidationPipe(companyPageParams)) params: z.output<typeof companyPageParams>,
  ): Promise<CompanyHistoryResponse> {
    const route = companyRoute(params);
    const history = await this.services.request(Patterns.rankings.companyHistory, route);
    if (history === null) throw unknownCompany('company', route);
    return history;
  }

  /** An unknown company is a 404 naming the query field `c`. */
  @PublicAnswer({ domain: 'data', personal: false, query: ['c'] })
  @Get('compare/:market/:industry')
  @Operation({
    summary: 'Two to four companies of an industry side by side',
    answer: comparisonAnswerSchema,
  })
  async compare(
    @Param(new ZodValidationPipe(industryPageParams)) params: z.output<typeof industryPageParams>,
    @Query(new ZodValidationPipe(comparisonQuery)) query: z.output<typeof comparisonQuery>,
  ): Promise<ComparisonResponse> {
    requireCoveredMarket('market', params.market);
    const answer = await this.services.request(Patterns.rankings.comparison, {
      industry: params.industry,
      companies: query.c,
    });
    if ('unknown' in answer) {
      throw unknownCompany('c', { industry: params.industry, company: answer.unknown });
    }
    return answer.result;
  }
}
