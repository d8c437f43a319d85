import { Controller, Get, Param } from '@nestjs/common';
import { Patterns, topCompaniesAnswerSchema, type TopCompaniesResponse } from '@upright/contracts';
import { ServiceClient } from '@upright/platform';
import { requireCoveredMarket } from '../shared/route-params';
import { ZodValidationPipe } from '../shared/zod-validation.pipe';
import { Operation } from '../shared/operation.decorator';
import { PublicAnswer } from '../shared/public-answer.decorator';
import { RANKINGS_ROUTE, rankingsParams, RankingsParams } from './rankings.schemas';

/** docs/product/rules.md#s6: the top `count` companies of an industry at a period. */
@Controller('api')
export class RankingsController {
  constructor(private readonly services: ServiceClient) {}

  /** Ranked on issue `value` (normalized_rank for `overall`). */
  @PublicAnswer({ domain: 'data', personal: false })
  @Get(`rankings/${RANKINGS_ROUTE}`)
  @Operation({
    summary: 'The top companies of an industry on an issue at a period',
    answer: topCompaniesAnswerSchema,
  })
  rankings(
    @Param(new ZodValidationPipe(rankingsParams)) params: RankingsParams,
  ): Promise<TopCompaniesResponse> {
    return this.top(params, false);
  }

  /** The major variant: ranked on normalized_rank. */
  @PublicAnswer({ domain: 'data', personal: false })
  @Get(`major/rankings/${RANKINGS_ROUTE}`)
  @Operation({
    summary: 'The top companies of an industry on the overall rank at a period',
    answer: topCompaniesAnswerSchema,
  })
  majorRankings(
    @Param(new ZodValidationPipe(rankingsParams)) params: RankingsParams,
  ): Promise<TopCompaniesResponse> {
    return this.top(params, true);
  }

  private top(params: RankingsParams, major: boolean): Promise<TopCompaniesResponse> {
    requireCoveredMarket('geography', params.geography);
    return this.services.request(Patterns.rankings.topCompanies, {
      industry: params.industry,
      primaryOnly: params.primary,
      value: params.value,
      major,
      count: params.count,
      period: { period_year: params.year, period_qrt: params.qrt },
    });
  }
}
