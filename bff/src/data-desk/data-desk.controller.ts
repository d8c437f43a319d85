import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  HttpStatus,
  NotFoundException,
  Param,
  Post,
  Put,
  Query,
  UseGuards,
} from '@nestjs/common';
import {
  DESK_CHUNK_BYTES,
  DESK_FOLLOWERS_OF_MAX,
  deskJobAnswerSchema,
  deskJobStartedAnswerSchema,
  deskLogAnswerSchema,
  deskPublishBodySchema,
  deskStageBodySchema,
  deskStateAnswerSchema,
  deskUploadAnswerSchema,
  industryPreviewAnswerSchema,
  Patterns,
  type DeskJob,
  type DeskJobStarted,
  type DeskLogPage,
  type DeskPublishBody,
  type DeskStageBody,
  type DeskState,
  type DeskUpload,
  type DraftPreviewAnswer,
  type ErrorBody,
  type IndustryPreview,
} from '@upright/contracts';
import { ServiceClient } from '@upright/platform';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { AdminGuard, CurrentMember, type AuthenticatedMember } from '../auth';
import { notFound } from '../shared/api-exceptions';
import { Operation } from '../shared/operation.decorator';
import { ZodValidationPipe } from '../shared/zod-validation.pipe';
import { CHUNK_MEDIA_TYPE, ChunkBodyReader, chunkBytes } from './chunk-body';
import { batchesOf, companiesReached } from './preview-reach';
import {
  chunkParams,
  jobParams,
  logPageQuery,
  previewParams,
  uploadParams,
} from './data-desk.schemas';

const NO_DRAFT: ErrorBody = {
  error: { code: 'not_found', message: 'There is no draft to discard.' },
};

/**
 * The editors' desk (decision 0077): a data set file uploaded in chunks, staged as a draft with a
 * preview, published or discarded, and the public data rolled back. Admins only: 401 signed out,
 * 403 for a member; every write needs the CSRF pair (the global guard). The answers are never
 * public answers, so the edge keeps none of them and sends them `private, no-store`.
 */
@Controller('api/admin/data')
@UseGuards(AdminGuard)
export class DataDeskController {
  constructor(private readonly services: ServiceClient) {}

  @Get()
  @Operation({
    summary: 'What is public, the draft with its overview, what a rollback restores (admins)',
    answer: deskStateAnswerSchema,
  })
  state(): Promise<DeskState> {
    return this.services.request(Patterns.rankings.deskState, {});
  }

  /** Nothing to ask rankings yet: its first chunk is where an upload begins to exist. */
  @Post('uploads')
  @Operation({
    summary: 'Starts an upload: its id and the most bytes a chunk may have (admins)',
    answer: deskUploadAnswerSchema,
  })
  @HttpCode(HttpStatus.CREATED)
  startUpload(): DeskUpload {
    return { upload_id: randomUUID(), chunk_bytes: DESK_CHUNK_BYTES };
  }

  @Put('uploads/:id/chunks/:n')
  @UseGuards(ChunkBodyReader)
  @Operation({
    summary: `Keeps chunk n (from 0) of an upload: at most ${DESK_CHUNK_BYTES} bytes (admins)`,
    answer: z.undefined(),
    bytesBody: CHUNK_MEDIA_TYPE,
  })
  @HttpCode(HttpStatus.NO_CONTENT)
  async uploadChunk(
    @Param(new ZodValidationPipe(chunkParams)) params: z.output<typeof chunkParams>,
    @Body() body: unknown,
  ): Promise<undefined> {
    await this.services.request(Patterns.rankings.deskUploadChunk, {
      upload_id: params.id,
      index: params.n,
      data: chunkBytes(body).toString('base64'),
    });
    return undefined;
  }

  @Post('uploads/:id/stage')
  @Operation({
    summary: 'Validates the uploaded file and stages it as the draft, as a job (admins)',
    answer: deskJobStartedAnswerSchema,
  })
  @HttpCode(HttpStatus.ACCEPTED)
  stage(
    @Param(new ZodValidationPipe(uploadParams)) params: z.output<typeof uploadParams>,
    @Body(new ZodValidationPipe(deskStageBodySchema)) body: DeskStageBody,
    @CurrentMember() admin: AuthenticatedMember,
  ): Promise<DeskJobStarted> {
    return this.services.request(Patterns.rankings.deskStage, {
      upload_id: params.id,
      chunks: body.chunks,
      replace: body.replace,
      actor: admin.uid,
    });
  }

  /** A job's progress, read every second by the page; 404 naming `id` for no such job. */
  @Get('jobs/:id')
  @Operation({
    summary: 'A stage, publish or rollback job and its progress (admins)',
    answer: deskJobAnswerSchema,
  })
  async job(
    @Param(new ZodValidationPipe(jobParams)) params: z.output<typeof jobParams>,
  ): Promise<DeskJob> {
    const job = await this.services.request(Patterns.rankings.deskJob, { job_id: params.id });
    if (job === null) throw notFound('id', `Unknown job "${params.id}"`);
    return job;
  }

  /**
   * The preview with what a publish reaches beyond the rankings (decision 0077 §4): the
   * industry's published reports and how many members it would alert. 404 naming `industry` when
   * there is no draft, or the draft has no such industry; reports or accounts failing fails it.
   */
  @Get('draft/preview/:industry')
  @Operation({
    summary: 'One industry of the draft against what is public now, and whom it reaches (admins)',
    answer: industryPreviewAnswerSchema,
  })
  async preview(
    @Param(new ZodValidationPipe(previewParams)) params: z.output<typeof previewParams>,
  ): Promise<DraftPreviewAnswer> {
    const preview = await this.services.request(Patterns.rankings.deskPreview, params);
    if (preview === null) {
      throw notFound('industry', `No preview of "${params.industry}": no draft has it`);
    }
    const [reports, followers_alerted] = await Promise.all([
      this.services.request(Patterns.reports.ofIndustry, { industry: params.industry }),
      this.followersAlerted(preview),
    ]);
    return { ...preview, reports, followers_alerted };
  }

  /**
   * Members a publish would alert: none when the latest period does not move (decision 0037).
   * More companies than one message may name are asked about in batches and the counts added, so
   * a member following companies of two batches counts twice: past DESK_FOLLOWERS_OF_MAX
   * companies the number is an upper bound.
   */
  private async followersAlerted(preview: IndustryPreview): Promise<number> {
    if (!preview.alerts_followers) return 0;
    const counts = await Promise.all(
      batchesOf(companiesReached(preview), DESK_FOLLOWERS_OF_MAX).map((upright_cids) =>
        this.services.request(Patterns.accounts.followersOf, { upright_cids }),
      ),
    );
    return counts.reduce((sum, count) => sum + count.members, 0);
  }

  @Post('publish')
  @Operation({
    summary: 'Makes the previewed draft the public data, as a job (admins)',
    answer: deskJobStartedAnswerSchema,
  })
  @HttpCode(HttpStatus.ACCEPTED)
  publish(
    @Body(new ZodValidationPipe(deskPublishBodySchema)) body: DeskPublishBody,
    @CurrentMember() admin: AuthenticatedMember,
  ): Promise<DeskJobStarted> {
    return this.services.request(Patterns.rankings.deskPublish, {
      version_id: body.version_id,
      actor: admin.uid,
    });
  }

  @Post('rollback')
  @Operation({
    summary: 'Makes the version before the public one public again, as a job (admins)',
    answer: deskJobStartedAnswerSchema,
  })
  @HttpCode(HttpStatus.ACCEPTED)
  rollback(@CurrentMember() admin: AuthenticatedMember): Promise<DeskJobStarted> {
    return this.services.request(Patterns.rankings.deskRollback, { actor: admin.uid });
  }

  @Delete('draft')
  @Operation({
    summary: 'Discards the draft; 404 when there is none (admins)',
    answer: z.undefined(),
  })
  @HttpCode(HttpStatus.NO_CONTENT)
  async discard(@CurrentMember() admin: AuthenticatedMember): Promise<undefined> {
    const { discarded } = await this.services.request(Patterns.rankings.deskDiscard, {
      actor: admin.uid,
    });
    if (!discarded) throw new NotFoundException(NO_DRAFT);
    return undefined;
  }

  @Get('log')
  @Operation({
    summary: "The desk's audit log, newest first, a page at a time (admins)",
    answer: deskLogAnswerSchema,
  })
  log(
    @Query(new ZodValidationPipe(logPageQuery)) query: z.output<typeof logPageQuery>,
  ): Promise<DeskLogPage> {
    return this.services.request(Patterns.rankings.deskLog, { page: query.page });
  }
}
