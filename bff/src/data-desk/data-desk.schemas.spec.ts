import { HttpException } from '@nestjs/common';
import { DESK_CHUNKS_MAX, deskPublishBodySchema, deskStageBodySchema } from '@upright/contracts';
import type { z } from 'zod';
import { translateError } from '../shared/api-error.filter';
import { ZodValidationPipe } from '../shared/zod-validation.pipe';
import {
  chunkParams,
  jobParams,
  logPageQuery,
  previewParams,
  uploadParams,
} from './data-desk.schemas';

const UPLOAD = '6f1c7a52-3b0e-4d5e-9a4f-2f8f6e1c0b7d';

/** The value a pipe passes on, or the 400's error body as the filter sends it. */
function piped<S extends z.ZodType>(schema: S, value: unknown) {
  try {
    return { ok: new ZodValidationPipe(schema).transform(value) };
  } catch (error) {
    expect(error).toBeInstanceOf(HttpException);
    const { status, body } = translateError(error);
    expect(status).toBe(400);
    return { refused: body.error };
  }
}

describe("the desk routes' parameters and bodies", () => {
  it("reads a chunk's upload id and its place from 0 to the last chunk a file may have", () => {
    expect(piped(chunkParams, { id: UPLOAD, n: '0' })).toEqual({ ok: { id: UPLOAD, n: 0 } });
    expect(piped(chunkParams, { id: UPLOAD, n: String(DESK_CHUNKS_MAX - 1) })).toEqual({
      ok: { id: UPLOAD, n: DESK_CHUNKS_MAX - 1 },
    });
    const rule = `n must be a whole number from 0 to ${DESK_CHUNKS_MAX - 1}`;
    for (const n of [String(DESK_CHUNKS_MAX), '-1', '1.5', 'one', '']) {
      expect(piped(chunkParams, { id: UPLOAD, n })).toEqual({
        refused: { code: 'validation_failed', message: rule, field: 'n' },
      });
    }
  });

  it('refuses an upload or job id that is not a UUID, naming it', () => {
    for (const id of ['1', 'not-an-id', `${UPLOAD}0`, '../jobs']) {
      expect(piped(uploadParams, { id })).toEqual({
        refused: { code: 'validation_failed', message: 'id must be an upload id', field: 'id' },
      });
      expect(piped(jobParams, { id })).toEqual({
        refused: { code: 'validation_failed', message: 'id must be a job id', field: 'id' },
      });
    }
    expect(piped(chunkParams, { id: 'x', n: '0' })).toMatchObject({ refused: { field: 'id' } });
  });

  it('takes an industry slug for a preview', () => {
    expect(piped(previewParams, { industry: 'fast-food' })).toEqual({
      ok: { industry: 'fast-food' },
    });
    expect(piped(previewParams, { industry: 'Fast Food' })).toMatchObject({
      refused: { field: 'industry' },
    });
  });

  it("reads the log's page, the first when left out", () => {
    expect(piped(logPageQuery, {})).toEqual({ ok: { page: 1 } });
    expect(piped(logPageQuery, { page: '3' })).toEqual({ ok: { page: 3 } });
    for (const page of ['0', 'two', '1001']) {
      expect(piped(logPageQuery, { page })).toMatchObject({ refused: { field: 'page' } });
    }
  });

  it('checks the stage and publish bodies: types, missing and unknown fields', () => {
    expect(piped(deskStageBodySchema, { chunks: 3 })).toEqual({
      ok: { chunks: 3, replace: false },
    });
    expect(piped(deskStageBodySchema, { chunks: 3, replace: true })).toEqual({
      ok: { chunks: 3, replace: true },
    });
    expect(piped(deskStageBodySchema, { chunks: '3' })).toMatchObject({
      refused: { field: 'chunks' },
    });
    expect(piped(deskStageBodySchema, { chunks: 0 })).toMatchObject({
      refused: { field: 'chunks' },
    });
    expect(piped(deskStageBodySchema, { chunks: 1, replace: 'yes' })).toMatchObject({
      refused: { field: 'replace' },
    });
    expect(piped(deskStageBodySchema, { chunks: 1, actor: 'someone-else' })).toMatchObject({
      refused: { message: 'request must not contain the unknown field(s) actor' },
    });
    expect(piped(deskStageBodySchema, undefined)).toMatchObject({
      refused: { message: 'request must be a JSON object' },
    });
    expect(piped(deskPublishBodySchema, { version_id: 2 })).toEqual({ ok: { version_id: 2 } });
    expect(piped(deskPublishBodySchema, {})).toMatchObject({ refused: { field: 'version_id' } });
    expect(piped(deskPublishBodySchema, { version_id: 0 })).toMatchObject({
      refused: { field: 'version_id' },
    });
  });
});
