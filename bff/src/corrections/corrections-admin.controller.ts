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
  acceptCorrectionBodySchema,
  ledgerEntryAnswerSchema,
  openCorrectionsAnswerSchema,
  Patterns,
  rejectCorrectionBodySchema,
  type AcceptCorrectionBody,
  type LedgerEntry,
  type OpenCorrectionsResponse,
  type RejectCorrectionBody,
} from '@upright/contracts';
import { ServiceClient } from '@upright/platform';
import type { z } from 'zod';
import { AdminGuard, CurrentMember, type AuthenticatedMember } from '../auth';
import { ZodValidationPipe } from '../shared/zod-validation.pipe';
import { Operation } from '../shared/operation.decorator';
import {
  correctionIdParams,
  correctionsPageQuery,
  type CorrectionsPageQuery,
} from './corrections.schemas';

type IdParams = z.output<typeof correctionIdParams>;

/**
 * The admins' review queue (docs/product/rules.md#s8): 401 signed out, 403 for a member. The
 * answers carry requesters' addresses, so they are never public answers.
 */
@Controller('api/admin/corrections')
@UseGuards(AdminGuard)
export class CorrectionsAdminController {
  constructor(private readonly services: ServiceClient) {}

  /** A page of the open requests, oldest first, with how many are open. */
  @Get()
  @Operation({
    summary: 'A page of the open correction requests (admins)',
    answer: openCorrectionsAnswerSchema,
  })
  open(
    @Query(new ZodValidationPipe(correctionsPageQuery)) page: CorrectionsPageQuery,
  ): Promise<OpenCorrectionsResponse> {
    return this.services.request(Patterns.rankings.openCorrections, page);
  }

  @Post(':id/accept')
  @Operation({
    summary: 'Accepts a correction request with the new value (admins)',
    answer: ledgerEntryAnswerSchema,
  })
  @HttpCode(HttpStatus.OK)
  accept(
    @Param(new ZodValidationPipe(correctionIdParams)) params: IdParams,
    @Body(new ZodValidationPipe(acceptCorrectionBodySchema)) body: AcceptCorrectionBody,
    @CurrentMember() admin: AuthenticatedMember,
  ): Promise<LedgerEntry> {
    return this.services.request(Patterns.rankings.acceptCorrection, {
      ...body,
      id: params.id,
      resolved_by: admin.uid,
    });
  }

  @Post(':id/reject')
  @Operation({
    summary: 'Rejects a correction request with a reason (admins)',
    answer: ledgerEntryAnswerSchema,
  })
  @HttpCode(HttpStatus.OK)
  reject(
    @Param(new ZodValidationPipe(correctionIdParams)) params: IdParams,
    @Body(new ZodValidationPipe(rejectCorrectionBodySchema)) body: RejectCorrectionBody,
    @CurrentMember() admin: AuthenticatedMember,
  ): Promise<LedgerEntry> {
    return this.services.request(Patterns.rankings.rejectCorrection, {
      ...body,
      id: params.id,
      resolved_by: admin.uid,
    });
  }
}
