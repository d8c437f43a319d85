import { Controller, Get, Param, Query } from '@nestjs/common';
import { Patterns, REPORT_SOURCES_COMPANIES_MAX, type ReportSource } from '@upright/contracts';
import { ServiceClient } from '@upright/platform';
import { z } from 'zod';
import { TextAnswerBody } from '../shared/text-answer-body';
import { PublicAnswer } from '../shared/public-answer.decorator';
import { notFound } from '../shared/api-exceptions';
import { periodQuery, requireCoveredMarket } from '../shared/route-params';
import { ZodValidationPipe } from '../shared/zod-validation.pipe';
import { Operation } from '../shared/operation.decorator';
import {
  CSV_CONTENT_TYPE,
  industryCsv,
  industryOpenData,
  marketCsv,
  marketOpenData,
  reportCsv,
  reportOpenData,
  type IndustryOpenData,
  type MarketOpenData,
  type ReportOpenData,
} from './open-data-files';
import {
  industryFileParams,
  industryOpenDataSchema,
  marketFileParams,
  marketOpenDataSchema,
  reportFileParams,
  reportOpenDataSchema,
} from './open-data.schemas';

/**
 * docs/product/rules.md#s12 open data: every industry ranking (any period), all of them at once,
 * and every published report as CSV and JSON, each with its period, methodology version, sources and licence. Kept as
 * public answers like the API answers they are made from.
 */
@Controller('api/open')
export class OpenDataController {
  constructor(private readonly services: ServiceClient) {}

  // Declared before `:market/:file`, which would otherwise take `reports` for a market.
  @PublicAnswer({ domain: 'data', personal: false })
  @Get('reports/:file')
  @Operation({
    summary: "A published report's ranking as CSV or JSON",
    answer: reportOpenDataSchema,
    alsoAs: 'text/csv',
  })
  async report(
    @Param(new ZodValidationPipe(reportFileParams)) params: z.output<typeof reportFileParams>,
  ): Promise<ReportOpenData | TextAnswerBody> {
    const { name: reportId, format } = params.file;
    const report = await this.services.request(Patterns.reports.report, { report_id: reportId });
    const answer = await this.services.request(Patterns.reports.published, {
      report_id: reportId,
      date: report.published_date,
      slug: report.slug,
    });
    if (!answer.found || answer.published.rankings === null) {
      throw notFound('file', `Report ${reportId} has no ranking to download`);
    }
    const open = reportOpenData(answer.published);
    return format === 'json' ? open : new TextAnswerBody(reportCsv(open), CSV_CONTENT_TYPE);
  }

  @PublicAnswer({ domain: 'data', personal: false, query: ['year', 'qrt'] })
  @Get(':market/:file')
  @Operation({
    summary: "An industry's ranking at a period as CSV or JSON",
    answer: industryOpenDataSchema,
    alsoAs: 'text/csv',
  })
  async industry(
    @Param(new ZodValidationPipe(industryFileParams)) params: z.output<typeof industryFileParams>,
    @Query(new ZodValidationPipe(periodQuery)) period: z.output<typeof periodQuery>,
  ): Promise<IndustryOpenData | TextAnswerBody> {
    requireCoveredMarket('market', params.market);
    const { name: industry, format } = params.file;
    const open = await this.industryFile(industry, period);
    return format === 'json' ? open : new TextAnswerBody(industryCsv(open), CSV_CONTENT_TYPE);
  }

  // A path of its own (one segment), so no industry's name is taken for "everything".
  @PublicAnswer({ domain: 'data', personal: false })
  @Get(':file')
  @Operation({
    summary: "Every industry's latest ranking in one file, as CSV or JSON",
    answer: marketOpenDataSchema,
    alsoAs: 'text/csv',
  })
  async market(
    @Param(new ZodValidationPipe(marketFileParams)) params: z.output<typeof marketFileParams>,
  ): Promise<MarketOpenData | TextAnswerBody> {
    const { name: market, format } = params.file;
    requireCoveredMarket('market', market);
    const active = await this.services.request(Patterns.rankings.activeIndustries, {});
    const industries = await Promise.all(
      active.map(({ industry }) => this.industryFile(industry, null)),
    );
    const open = marketOpenData(market, industries);
    return format === 'json' ? open : new TextAnswerBody(marketCsv(open), CSV_CONTENT_TYPE);
  }

  /** An industry's file at this period (null: its latest), with its companies' sources. */
  private async industryFile(
    industry: string,
    period: z.output<typeof periodQuery>,
  ): Promise<IndustryOpenData> {
    const data = await this.services.request(Patterns.rankings.industryCompanies, {
      industry,
      period,
    });
    const sources = await this.sourcesOf(data.result.ranked.map((company) => company.upright_cid));
    return industryOpenData(industry, data, sources);
  }

  /** The sources about these companies, asked in batches the sources call accepts. */
  private async sourcesOf(companies: string[]): Promise<ReportSource[]> {
    const batches: string[][] = [];
    for (let start = 0; start < companies.length; start += REPORT_SOURCES_COMPANIES_MAX) {
      batches.push(companies.slice(start, start + REPORT_SOURCES_COMPANIES_MAX));
    }
    const answers = await Promise.all(
      batches.map((batch) => this.services.request(Patterns.reports.sources, { companies: batch })),
    );
    return answers.flatMap((answer) => answer.sources);
  }
}
