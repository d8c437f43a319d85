import { CORRECTION_PAGE_MAX, DESK_CHUNKS_MAX, deskUploadIdSchema } from '@upright/contracts';
import { z } from 'zod';
import { slugParam, wholeNumberParam } from '../shared/route-params';

// Route parameters of `/api/admin/data/…` (decision 0077); the bodies' schemas are the
// contracts' (`deskStageBodySchema`, `deskPublishBodySchema`), which rankings checks again.

/** `uploads/{id}/stage`: the id `POST uploads` gave. */
export const uploadParams = z.object({ id: deskUploadIdSchema });

/** `uploads/{id}/chunks/{n}`: the chunk's place in the file, from 0. */
export const chunkParams = z.object({
  id: deskUploadIdSchema,
  n: wholeNumberParam(0, DESK_CHUNKS_MAX - 1),
});

/** `jobs/{id}`: the id a stage, publish or rollback answered. */
export const jobParams = z.object({ id: z.uuid('must be a job id') });

/** `draft/preview/{industry}`. */
export const previewParams = z.object({ industry: slugParam });

/** `log?page=`: the first page when left out. */
export const logPageQuery = z.object({
  page: wholeNumberParam(1, CORRECTION_PAGE_MAX).default(1),
});
