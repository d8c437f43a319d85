import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  deskActorRequestSchema,
  deskJobRequestSchema,
  deskLogRequestSchema,
  deskPreviewRequestSchema,
  deskPublishRequestSchema,
  deskStageRequestSchema,
  deskUploadChunkRequestSchema,
  Patterns,
  type ResponseOf,
} from '@upright/contracts';
import { parseMessage } from '@upright/platform';
import { DeskService } from './desk.service';

/**
 * The editors' desk (decision 0077); the BFF guards every pattern (AdminGuard) and names the admin
 * as `actor`. Writes take no idempotency key, as accepting a correction: the transport runs a
 * write without one at most once (a redelivery after a crash is answered "outcome unknown"), a
 * chunk sent again overwrites itself, a publish names the draft it publishes, and only one stage,
 * publish or rollback runs at a time.
 */
@Controller()
export class DeskController {
  constructor(private readonly desk: DeskService) {}

  @MessagePattern(Patterns.rankings.deskState)
  state(): Promise<ResponseOf<typeof Patterns.rankings.deskState>> {
    return this.desk.state();
  }

  @MessagePattern(Patterns.rankings.deskUploadChunk)
  uploadChunk(
    @Payload() data: unknown,
  ): Promise<ResponseOf<typeof Patterns.rankings.deskUploadChunk>> {
    return this.desk.uploadChunk(parseMessage(deskUploadChunkRequestSchema, data));
  }

  @MessagePattern(Patterns.rankings.deskStage)
  stage(@Payload() data: unknown): Promise<ResponseOf<typeof Patterns.rankings.deskStage>> {
    return this.desk.stage(parseMessage(deskStageRequestSchema, data));
  }

  @MessagePattern(Patterns.rankings.deskJob)
  job(@Payload() data: unknown): Promise<ResponseOf<typeof Patterns.rankings.deskJob>> {
    return this.desk.job(parseMessage(deskJobRequestSchema, data));
  }

  @MessagePattern(Patterns.rankings.deskPreview)
  preview(@Payload() data: unknown): Promise<ResponseOf<typeof Patterns.rankings.deskPreview>> {
    return this.desk.preview(parseMessage(deskPreviewRequestSchema, data));
  }

  @MessagePattern(Patterns.rankings.deskPublish)
  publish(@Payload() data: unknown): Promise<ResponseOf<typeof Patterns.rankings.deskPublish>> {
    return this.desk.publish(parseMessage(deskPublishRequestSchema, data));
  }

  @MessagePattern(Patterns.rankings.deskRollback)
  rollback(@Payload() data: unknown): Promise<ResponseOf<typeof Patterns.rankings.deskRollback>> {
    return this.desk.rollback(parseMessage(deskActorRequestSchema, data));
  }

  @MessagePattern(Patterns.rankings.deskDiscard)
  discard(@Payload() data: unknown): Promise<ResponseOf<typeof Patterns.rankings.deskDiscard>> {
    return this.desk.discard(parseMessage(deskActorRequestSchema, data));
  }

  @MessagePattern(Patterns.rankings.deskLog)
  log(@Payload() data: unknown): Promise<ResponseOf<typeof Patterns.rankings.deskLog>> {
    return this.desk.log(parseMessage(deskLogRequestSchema, data));
  }
}
