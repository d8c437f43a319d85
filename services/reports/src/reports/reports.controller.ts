import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Patterns, type ResponseOf } from '@upright/contracts';
import { parseMessage } from '@upright/platform';
import {
  majorRequestSchema,
  ofIndustryRequestSchema,
  pageRequestSchema,
  publishedRequestSchema,
  publishRequestSchema,
  reportRequestSchema,
  searchDocumentsRequestSchema,
  sourcesRequestSchema,
} from './reports.schemas';
import { ReportsService } from './reports.service';

type Answer<P extends keyof typeof Patterns.reports> = Promise<
  ResponseOf<(typeof Patterns.reports)[P]>
>;

/** Its handlers call rankings: rankings' errors and absence reach the caller as such (503/504). */
@Controller()
export class ReportsController {
  constructor(private readonly reports: ReportsService) {}

  @MessagePattern(Patterns.reports.featured)
  featured(@Payload() data: unknown): Answer<'featured'> {
    return this.reports.featured(parseMessage(pageRequestSchema, data).page);
  }

  @MessagePattern(Patterns.reports.latest)
  latest(@Payload() data: unknown): Answer<'latest'> {
    return this.reports.latest(parseMessage(pageRequestSchema, data).page);
  }

  @MessagePattern(Patterns.reports.major)
  major(@Payload() data: unknown): Answer<'major'> {
    return this.reports.major(parseMessage(majorRequestSchema, data));
  }

  @MessagePattern(Patterns.reports.report)
  report(@Payload() data: unknown): Answer<'report'> {
    return this.reports.report(parseMessage(reportRequestSchema, data).report_id);
  }

  @MessagePattern(Patterns.reports.published)
  published(@Payload() data: unknown): Answer<'published'> {
    return this.reports.published(parseMessage(publishedRequestSchema, data));
  }

  @MessagePattern(Patterns.reports.sources)
  sources(@Payload() data: unknown): Answer<'sources'> {
    return this.reports.sources(parseMessage(sourcesRequestSchema, data).companies);
  }

  @MessagePattern(Patterns.reports.publish)
  publish(@Payload() data: unknown): Answer<'publish'> {
    return this.reports.publish(parseMessage(publishRequestSchema, data));
  }

  @MessagePattern(Patterns.reports.searchDocuments)
  searchDocuments(@Payload() data: unknown): Answer<'searchDocuments'> {
    return this.reports.searchDocuments(parseMessage(searchDocumentsRequestSchema, data));
  }

  @MessagePattern(Patterns.reports.ofIndustry)
  ofIndustry(@Payload() data: unknown): Answer<'ofIndustry'> {
    return this.reports.ofIndustry(parseMessage(ofIndustryRequestSchema, data).industry);
  }
}
