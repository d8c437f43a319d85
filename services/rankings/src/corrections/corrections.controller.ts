import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  acceptCorrectionRequestSchema,
  correctionLedgerRequestSchema,
  correctionRequestSchema,
  idempotencyKeyShape,
  openCorrectionsRequestSchema,
  Patterns,
  rejectCorrectionRequestSchema,
  type ResponseOf,
} from '@upright/contracts';
import { parseMessage } from '@upright/platform';
import { CorrectionsService } from './corrections.service';

/** A visitor's request, with the key by which IdempotentWrites stores it once per user action. */
const correctionRequestMessage = correctionRequestSchema.extend(idempotencyKeyShape);

/** Corrections with a public ledger; the BFF guards the admin patterns (AdminGuard). */
@Controller()
export class CorrectionsController {
  constructor(private readonly corrections: CorrectionsService) {}

  @MessagePattern(Patterns.rankings.requestCorrection)
  request(
    @Payload() data: unknown,
  ): Promise<ResponseOf<typeof Patterns.rankings.requestCorrection>> {
    return this.corrections.request(parseMessage(correctionRequestMessage, data));
  }

  @MessagePattern(Patterns.rankings.openCorrections)
  open(@Payload() data: unknown): Promise<ResponseOf<typeof Patterns.rankings.openCorrections>> {
    return this.corrections.open(parseMessage(openCorrectionsRequestSchema, data));
  }

  @MessagePattern(Patterns.rankings.acceptCorrection)
  accept(@Payload() data: unknown): Promise<ResponseOf<typeof Patterns.rankings.acceptCorrection>> {
    return this.corrections.accept(parseMessage(acceptCorrectionRequestSchema, data));
  }

  @MessagePattern(Patterns.rankings.rejectCorrection)
  reject(@Payload() data: unknown): Promise<ResponseOf<typeof Patterns.rankings.rejectCorrection>> {
    return this.corrections.reject(parseMessage(rejectCorrectionRequestSchema, data));
  }

  @MessagePattern(Patterns.rankings.correctionLedger)
  ledger(@Payload() data: unknown): Promise<ResponseOf<typeof Patterns.rankings.correctionLedger>> {
    return this.corrections.ledger(parseMessage(correctionLedgerRequestSchema, data));
  }
}
