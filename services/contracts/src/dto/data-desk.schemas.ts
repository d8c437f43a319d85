import { z } from 'zod';
import { strictBody } from './accounts.schemas';
import { CORRECTION_PAGE_MAX } from './corrections';
import { DESK_CHUNK_BYTES, DESK_CHUNKS_MAX, DESK_FOLLOWERS_OF_MAX } from './data-desk';
import { uprightCidSchema } from './follows';
import { SLUG_MAX_LENGTH, SLUG_PATTERN } from './rankings';

// Bodies of `/api/admin/data/…` (the BFF checks them) and the desk's messages (rankings checks
// them with the same rules). Messages complete "<field> …".

const uploadIdSchema = z.uuid('must be an upload id');
const versionIdSchema = z
  .int('must be a data version')
  .min(1, 'must be a data version')
  .max(Number.MAX_SAFE_INTEGER, 'must be a data version');
const chunkCountSchema = z
  .int(`must be a whole number from 1 to ${DESK_CHUNKS_MAX}`)
  .min(1, `must be a whole number from 1 to ${DESK_CHUNKS_MAX}`)
  .max(DESK_CHUNKS_MAX, `must be a whole number from 1 to ${DESK_CHUNKS_MAX}`);
const actorSchema = z.string('must be the admin').min(1).max(100);
/** base64 of at most DESK_CHUNK_BYTES bytes. */
const chunkDataSchema = z
  .base64('must be the chunk in base64')
  .min(1, 'must not be empty')
  .max(Math.ceil(DESK_CHUNK_BYTES / 3) * 4, `must be at most ${DESK_CHUNK_BYTES} bytes`);

/** `POST /api/admin/data/uploads/{id}/stage`. */
export const deskStageBodySchema = strictBody({
  chunks: chunkCountSchema,
  replace: z.boolean('must be true or false').default(false),
});
export type DeskStageBody = z.output<typeof deskStageBodySchema>;

/** `POST /api/admin/data/publish`. */
export const deskPublishBodySchema = strictBody({ version_id: versionIdSchema });
export type DeskPublishBody = z.output<typeof deskPublishBodySchema>;

export const deskUploadIdSchema = uploadIdSchema;
export const deskChunkIndexSchema = z
  .int(`must be a whole number from 0 to ${DESK_CHUNKS_MAX - 1}`)
  .min(0, `must be a whole number from 0 to ${DESK_CHUNKS_MAX - 1}`)
  .max(DESK_CHUNKS_MAX - 1, `must be a whole number from 0 to ${DESK_CHUNKS_MAX - 1}`);

export const deskUploadChunkRequestSchema = strictBody({
  upload_id: uploadIdSchema,
  index: deskChunkIndexSchema,
  data: chunkDataSchema,
});
export const deskStageRequestSchema = strictBody({
  upload_id: uploadIdSchema,
  chunks: chunkCountSchema,
  replace: z.boolean('must be true or false'),
  actor: actorSchema,
});
export const deskPublishRequestSchema = strictBody({
  version_id: versionIdSchema,
  actor: actorSchema,
});
export const deskActorRequestSchema = strictBody({ actor: actorSchema });
export const deskJobRequestSchema = strictBody({ job_id: z.uuid('must be a job id') });
export const deskPreviewRequestSchema = strictBody({
  industry: z
    .string('must be an industry')
    .max(SLUG_MAX_LENGTH, `must be at most ${SLUG_MAX_LENGTH} characters`)
    .regex(SLUG_PATTERN, 'must be an industry'),
});
/** `accounts.follows.followers-of`: the companies of a preview whose followers a publish alerts. */
export const followersOfRequestSchema = strictBody({
  upright_cids: z
    .array(uprightCidSchema, 'must be a list of company ids')
    .max(DESK_FOLLOWERS_OF_MAX, `must name at most ${DESK_FOLLOWERS_OF_MAX} companies`),
});
export const deskLogRequestSchema = strictBody({
  page: z
    .int(`must be a whole number from 1 to ${CORRECTION_PAGE_MAX}`)
    .min(1, `must be a whole number from 1 to ${CORRECTION_PAGE_MAX}`)
    .max(CORRECTION_PAGE_MAX, `must be a whole number from 1 to ${CORRECTION_PAGE_MAX}`),
});
