import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import {
  companyDetailAnswerSchema,
  industryCompaniesAnswerSchema,
  Patterns,
  whyThisRankAnswerSchema,
  type CompanyDetail,
  type IndustryCompaniesResponse,
  type WhyThisRankResponse,
} from '@upright/contracts';
import { ServiceClient } from '@upright/platform';
import type { Response } from 'express';
import { z } from 'zod';
import {
  companyPageParams,
  companyRoute,
  industryPageParams,
  periodQuery,
  requireCoveredMarket,
} from '../shared/route-params';
import { ZodValidationPipe } from '../shared/zod-validation.pipe';
import { Operation } from '../shared/operation.decorator';
import { PublicAnswer } from '../shared/public-answer.decorator';
import { notFound } from '../shared/api-exceptions';

@Controller('api')
export class CompaniesController {
  constructor(private readonly services: ServiceClient) {}

  /** docs/product/rules.md#s6: the industry page's ranked, aranked and pranked lists. */
  @PublicAnswer({ domain: 'data', personal: 'industry-ranking', query: ['year', 'qrt'] })
  @Get('companies/:market/:industry')
  @Operation({
    summary: "An industry's ranking: every company with its ranks, and the industry",
    answer: industryCompaniesAnswerSchema,
  })
  industryCompanies(
    @Param(new ZodValidationPipe(industryPageParams)) params: z.output<typeof industryPageParams>,
    @Query(new ZodValidationPipe(periodQuery)) period: z.output<typeof periodQuery>,
  ): Promise<IndustryCompaniesResponse> {
    requireCoveredMarket('market', params.market);
    return this.services.request(Patterns.rankings.industryCompanies, {
      industry: params.industry,
      period,
    });
  }

  /**
   * The company page; 204 with no body when the industry has no such company
   * (docs/product/spec.md#s7).
   */
  @PublicAnswer({ domain: 'data', personal: 'company-ranks' })
  @Get('primary/:market/:industry/:company')
  @Operation({
    summary: "A company's page: its fields, figures and ranks in the industry",
    answer: companyDetailAnswerSchema,
    others: [
      { status: 204, description: 'The industry has no such company (docs/product/spec.md#s7)' },
    ],
  })
  async companyDetail(
    @Param(new ZodValidationPipe(companyPageParams)) params: z.output<typeof companyPageParams>,
    @Res({ passthrough: true }) response: Response,
  ): Promise<CompanyDetail | undefined> {
    const detail = await this.services.request(
      Patterns.rankings.companyDetail,
      companyRoute(params),
    );
    if (detail !== null) return detail;
    response.status(204);
    return undefined;
  }

  /** "Why this rank"; 404 naming `company` when it is not ranked in the industry. */
  @PublicAnswer({ domain: 'data', personal: false })
  @Get('why/:market/:industry/:company')
  @Operation({
    summary: 'Why a company has its weighted rank',
    answer: whyThisRankAnswerSchema,
  })
  async whyThisRank(
    @Param(new ZodValidationPipe(companyPageParams)) params: z.output<typeof companyPageParams>,
  ): Promise<WhyThisRankResponse> {
    const why = await this.services.request(Patterns.rankings.whyThisRank, companyRoute(params));
    if (why === null) {
      throw notFound('company', `"${params.company}" is not ranked in "${params.industry}"`);
    }
    return why;
  }
}
