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
  stagedCorrectionAnswerSchema,
  type AcceptCorrectionBody,
  type LedgerEntry,
  type OpenCorrectionsResponse,
  type RejectCorrectionBody,
  type StagedCorrection,
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

/** Under the ingress's 60 s read timeout, above a 50,000-company draft's stage. */
const ACCEPT_DEADLINE_MS = 55_000;

/**
 * The admins' review queue (docs/product/rules.md#s8): 401 signed out, 403 for a member. The
 * answers carry requesters' addresses, so they are never public answers.
 */
@Controller('api/admin/corrections')
@UseGuards(AdminGuard)
export class CorrectionsAdminController {
  constructor(private readonly services: ServiceClient) {}

  /**
   * A page of the undecided requests, oldest first — open ones, and accepted ones staged in the
   * draft (`staged` names it) — with how many there are and how many are staged.
   */
  @Get()
  @Operation({
    summary: 'A page of the open and staged correction requests (admins)',
    answer: openCorrectionsAnswerSchema,
  })
  open(
    @Query(new ZodValidationPipe(correctionsPageQuery)) page: CorrectionsPageQuery,
  ): Promise<OpenCorrectionsResponse> {
    return this.services.request(Patterns.rankings.openCorrections, page);
  }

  /**
   * Stages the new value in the editors' desk's draft (decision 0077): nothing public changes
   * until an admin publishes that draft at /admin/data, which accepts the request and mails the
   * requester. 409 when the request is decided or staged already, when a desk job runs, or when
   * the draft's base is no longer public.
   */
  @Post(':id/accept')
  @Operation({
    summary: 'Accepts a correction request: its new value is staged in the draft (admins)',
    answer: stagedCorrectionAnswerSchema,
  })
  @HttpCode(HttpStatus.OK)
  accept(
    @Param(new ZodValidationPipe(correctionIdParams)) params: IdParams,
    @Body(new ZodValidationPipe(acceptCorrectionBodySchema)) body: AcceptCorrectionBody,
    @CurrentMember() admin: AuthenticatedMember,
  ): Promise<StagedCorrection> {
    return this.services.request(
      Patterns.rankings.acceptCorrection,
      { ...body, id: params.id, resolved_by: admin.uid },
      // Merging into a draft stages it again: about 35 s for 50,000 companies (decision 0077).
      { deadlineMs: ACCEPT_DEADLINE_MS },
    );
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
