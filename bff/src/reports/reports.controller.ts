import { Controller, Get, HttpStatus, Param, Res, UseGuards } from '@nestjs/common';
import {
  majorReportsAnswerSchema,
  Patterns,
  publishedReportAnswerSchema,
  reportAnswerSchema,
  reportPageAnswerSchema,
  reportPathPartsAnswerSchema,
  reportSourcesAnswerSchema,
  type MajorReportsResponse,
  type PublishedReport,
  type Report,
  type ReportPage,
  type ReportPathParts,
  type ReportSourcesResponse,
} from '@upright/contracts';
import { ServiceClient } from '@upright/platform';
import type { Response } from 'express';
import { z } from 'zod';
import { OptionalMemberGuard } from '../auth';
import { ZodValidationPipe } from '../shared/zod-validation.pipe';
import { Operation } from '../shared/operation.decorator';
import {
  majorParams,
  pageParams,
  publishedParams,
  reportParams,
  sourcesParams,
} from './reports.schemas';
import { PublicAnswer } from '../shared/public-answer.decorator';

/** The API path that answers a report page's data. */
export function publishedApiPath(parts: ReportPathParts): string {
  return `/api/published/${parts.report_id}/${parts.published_date}/${encodeURIComponent(parts.slug)}`;
}

/** A body that says where the report lives, sent with the redirect. */
export interface MovedReport {
  canonical: ReportPathParts;
  location: string;
}

const movedReportSchema: z.ZodType<MovedReport> = z.object({
  canonical: reportPathPartsAnswerSchema,
  location: z.string(),
});

/** The report calls of docs/product/spec.md#s7 (publishing is in PublishController). */
@Controller('api')
export class ReportsController {
  constructor(private readonly services: ServiceClient) {}

  /** Optional sign-in (docs/product/spec.md#s7); the list is the same for members and visitors. */
  @PublicAnswer({ domain: 'data', personal: false })
  @Get('reports/featured/:page')
  @Operation({
    summary: 'A page of the featured reports',
    answer: reportPageAnswerSchema,
  })
  @UseGuards(OptionalMemberGuard)
  featured(
    @Param(new ZodValidationPipe(pageParams)) params: z.output<typeof pageParams>,
  ): Promise<ReportPage> {
    return this.services.request(Patterns.reports.featured, { page: params.page });
  }

  @PublicAnswer({ domain: 'data', personal: false })
  @Get('reports/latest/:page')
  @Operation({
    summary: 'A page of the latest reports',
    answer: reportPageAnswerSchema,
  })
  latest(
    @Param(new ZodValidationPipe(pageParams)) params: z.output<typeof pageParams>,
  ): Promise<ReportPage> {
    return this.services.request(Patterns.reports.latest, { page: params.page });
  }

  @PublicAnswer({ domain: 'data', personal: false })
  @Get('reports/major/:page/:list/:value/:archived/:year/:qrt/:major')
  @Operation({
    summary: 'A page of the reports of an industry and quarter, with its major ranking',
    answer: majorReportsAnswerSchema,
  })
  major(
    @Param(new ZodValidationPipe(majorParams)) params: z.output<typeof majorParams>,
  ): Promise<MajorReportsResponse> {
    return this.services.request(Patterns.reports.major, params);
  }

  @PublicAnswer({ domain: 'data', personal: false })
  @Get('reports/sources/:companies')
  @Operation({
    summary: 'The report sources about these companies',
    answer: reportSourcesAnswerSchema,
  })
  sources(
    @Param(new ZodValidationPipe(sourcesParams)) params: z.output<typeof sourcesParams>,
  ): Promise<ReportSourcesResponse> {
    return this.services.request(Patterns.reports.sources, { companies: params.companies });
  }

  @PublicAnswer({ domain: 'data', personal: false })
  @Get('report/:id')
  @Operation({
    summary: 'One report with its copy',
    answer: reportAnswerSchema,
  })
  report(
    @Param(new ZodValidationPipe(reportParams)) params: z.output<typeof reportParams>,
  ): Promise<Report> {
    return this.services.request(Patterns.reports.report, { report_id: params.id });
  }

  /**
   * The report page's data (docs/product/spec.md#s4). A wrong date or slug for a real report is a
   * 301 to the canonical API path (fetch follows it), so old links keep working.
   */
  @PublicAnswer({ domain: 'data', personal: false })
  @Get('published/:id/:date/:slug')
  @Operation({
    summary: "A report page's data: the report, its ranking and sources",
    answer: publishedReportAnswerSchema,
    others: [
      {
        status: 301,
        description:
          'A wrong date or slug: the report lives at `location` (also the Location header)',
        schema: movedReportSchema,
      },
    ],
  })
  async published(
    @Param(new ZodValidationPipe(publishedParams)) params: z.output<typeof publishedParams>,
    @Res({ passthrough: true }) response: Response,
  ): Promise<PublishedReport | MovedReport> {
    const answer = await this.services.request(Patterns.reports.published, {
      report_id: params.id,
      date: params.date,
      slug: params.slug,
    });
    if (answer.found) return answer.published;
    const location = publishedApiPath(answer.canonical);
    response.status(HttpStatus.MOVED_PERMANENTLY).location(location);
    return { canonical: answer.canonical, location };
  }
}
