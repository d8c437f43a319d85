import { type BeforeApplicationShutdown, Inject, Injectable, Logger } from '@nestjs/common';
import {
  DESK_FILE_MAX_BYTES,
  DESK_LOG_PAGE_SIZE,
  type DataVersionSummary,
  type DeskActorRequest,
  type DeskJob,
  type DeskJobRequest,
  type DeskJobStarted,
  type DeskLogPage,
  type DeskLogRequest,
  type DeskPreviewRequest,
  type DeskPublishRequest,
  type DeskStageRequest,
  type DeskState,
  type DeskUploadChunkRequest,
  type IndustryPreview,
} from '@upright/contracts';
import { DATABASE, RedisConnection, remoteError, SERVICE_CONFIG } from '@upright/platform';
import type { RankingsConfig } from '../config';
import { StagedCorrections } from '../corrections/staged-corrections';
import type { PrismaClient } from '../generated/prisma/client';
import { assembleUpload, missingChunks } from './chunks';
import { DataDesk } from './data-desk';
import { JobRunner, toDeskJob } from './desk-jobs';
import { DeskRepository, type DeskActor, type VersionRow } from './desk.repository';
import { answeringRefusals } from './refusal';

function summary(row: VersionRow): DataVersionSummary {
  return {
    version_id: row.version_id,
    state: row.state,
    base_version: row.base_version,
    file_sha256: row.file_sha256,
    counts: row.counts,
    staged_by: row.staged_by,
    staged_at: row.staged_at.toISOString(),
    published_by: row.published_by,
    published_at: row.published_at?.toISOString() ?? null,
  };
}

const admin = (name: string): DeskActor => ({ name, kind: 'admin' });

/**
 * The editors' desk's messages (decision 0077): reads answer at once; a stage, publish or rollback
 * is checked (what the admin must be told is answered as an error), then runs as a job in this
 * process, which the admin's page follows.
 */
@Injectable()
export class DeskService implements BeforeApplicationShutdown {
  private readonly logger = new Logger(DeskService.name);
  private readonly repository: DeskRepository;
  private readonly corrections: StagedCorrections;
  private readonly desk: DataDesk;
  private readonly jobs: JobRunner;

  constructor(
    @Inject(DATABASE) db: PrismaClient,
    redis: RedisConnection,
    @Inject(SERVICE_CONFIG) config: RankingsConfig,
  ) {
    this.repository = new DeskRepository(db);
    this.corrections = new StagedCorrections(db);
    this.desk = new DataDesk(db, {
      transportPrefix: config.TRANSPORT_PREFIX,
      queue: { REDIS_URL: config.REDIS_URL, QUEUE_PREFIX: config.QUEUE_PREFIX },
      withRedis: (use) => use(redis.redis),
      info: (line) => this.logger.log(line),
      warn: (line) => this.logger.warn(line),
    });
    this.jobs = new JobRunner(this.repository, this.logger);
  }

  /** A job runs to its end before the process stops; one cut short reads failed later. */
  beforeApplicationShutdown(): Promise<void> {
    return this.jobs.idle();
  }

  async state(): Promise<DeskState> {
    const [current, draft, rollbackTo, running] = await Promise.all([
      this.repository.publicVersion(),
      this.repository.draft(),
      this.repository.rollbackTarget(),
      this.repository.runningJob(),
    ]);
    return {
      public: summary(current),
      draft: draft && {
        ...summary(draft),
        industries: await this.repository.draftIndustries(draft.version_id),
        corrections: await this.corrections.count(draft.version_id),
      },
      rollback_to: rollbackTo && summary(rollbackTo),
      running_job: running && toDeskJob(running).state === 'running' ? running.job_id : null,
    };
  }

  async uploadChunk(request: DeskUploadChunkRequest): Promise<{ received: number }> {
    const data = Buffer.from(request.data, 'base64');
    return { received: await this.repository.keepChunk(request.upload_id, request.index, data) };
  }

  stage(request: DeskStageRequest): Promise<DeskJobStarted> {
    return answeringRefusals(async () => {
      await this.desk.checkStage(request.replace);
      const { indices, bytes } = await this.repository.chunksKept(
        request.upload_id,
        request.chunks,
      );
      if (indices.length === 0) {
        throw remoteError('not_found', `Unknown upload ${request.upload_id}`, 'upload_id');
      }
      const missing = missingChunks(indices, request.chunks);
      if (missing.length > 0) {
        const shown = missing.slice(0, 10).join(', ');
        throw remoteError(
          'validation_failed',
          `chunks ${request.chunks}: the upload lacks chunk ${shown}${missing.length > 10 ? ', …' : ''}`,
          'chunks',
        );
      }
      if (bytes > DESK_FILE_MAX_BYTES) {
        throw remoteError(
          'payload_too_large',
          `The file is larger than ${DESK_FILE_MAX_BYTES / 1024 / 1024} MiB: split it`,
          'chunks',
        );
      }
      const jobId = await this.jobs.start('stage', request.actor, async (progress) => {
        const file = await assembleUpload(
          request.chunks,
          bytes,
          (index) => this.repository.chunk(request.upload_id, index),
          progress,
        );
        const outcome = await this.desk.stage(
          file,
          { replace: request.replace, actor: admin(request.actor) },
          progress,
        );
        // Staged, or the file is wrong (a corrected one is a new upload). A refusal keeps the
        // upload, so the admin may stage it again replacing the draft.
        await this.repository.deleteUpload(request.upload_id);
        return outcome.ok ? { versionId: outcome.versionId } : outcome;
      });
      return { job_id: jobId };
    });
  }

  publish(request: DeskPublishRequest): Promise<DeskJobStarted> {
    return answeringRefusals(async () => {
      await this.desk.checkPublish(request.version_id);
      const jobId = await this.jobs.start('publish', request.actor, async (progress) => {
        const published = await this.desk.publish(
          request.version_id,
          admin(request.actor),
          progress,
        );
        return { versionId: published.versionId };
      });
      return { job_id: jobId };
    });
  }

  rollback(request: DeskActorRequest): Promise<DeskJobStarted> {
    return answeringRefusals(async () => {
      await this.desk.checkRollback();
      const jobId = await this.jobs.start('rollback', request.actor, async (progress) => {
        const rolledBack = await this.desk.rollback(admin(request.actor), progress);
        return { versionId: rolledBack.versionId };
      });
      return { job_id: jobId };
    });
  }

  async discard(request: DeskActorRequest): Promise<{ discarded: boolean }> {
    return { discarded: await this.desk.discard(admin(request.actor)) };
  }

  async job(request: DeskJobRequest): Promise<DeskJob | null> {
    const row = await this.repository.job(request.job_id);
    return row && toDeskJob(row);
  }

  preview(request: DeskPreviewRequest): Promise<IndustryPreview | null> {
    return this.repository.draftPreview(request.industry);
  }

  async log(request: DeskLogRequest): Promise<DeskLogPage> {
    const { entries, total } = await this.repository.log(request.page);
    return { entries, page: request.page, size: DESK_LOG_PAGE_SIZE, total };
  }
}
