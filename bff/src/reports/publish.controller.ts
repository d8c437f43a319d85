import { Body, Controller, HttpCode, HttpStatus, Post, UseGuards } from '@nestjs/common';
import {
  Patterns,
  publishReportAnswerSchema,
  type PublishReportResponse,
} from '@upright/contracts';
import { ServiceClient } from '@upright/platform';
import type { z } from 'zod';
import { AdminGuard, CurrentMember, type AuthenticatedMember } from '../auth';
import { ZodValidationPipe } from '../shared/zod-validation.pipe';
import { Operation } from '../shared/operation.decorator';
import { publishBody } from './reports.schemas';

/**
 * docs/product/rules.md#s6: an admin freezes a report's ranking; publishing again changes nothing.
 */
@Controller('api')
export class PublishController {
  constructor(private readonly services: ServiceClient) {}

  @Post('reports/pub')
  @Operation({
    summary: 'Publishes a report: freezes its ranking (admins)',
    answer: publishReportAnswerSchema,
  })
  @HttpCode(HttpStatus.OK)
  @UseGuards(AdminGuard)
  publish(
    @Body(new ZodValidationPipe(publishBody)) body: z.output<typeof publishBody>,
    @CurrentMember() admin: AuthenticatedMember,
  ): Promise<PublishReportResponse> {
    return this.services.request(Patterns.reports.publish, {
      report_id: body.report_id,
      publishedBy: admin.uid,
    });
  }
}
