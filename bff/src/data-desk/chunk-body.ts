import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { DESK_CHUNK_BYTES } from '@upright/contracts';
import { raw, type Request, type Response } from 'express';
import { validationFailed } from '../shared/api-exceptions';

export const CHUNK_MEDIA_TYPE = 'application/octet-stream';

const readBytes = raw({ type: CHUNK_MEDIA_TYPE, limit: DESK_CHUNK_BYTES });

/**
 * Reads an upload's chunk (decision 0077): a body of bytes up to DESK_CHUNK_BYTES, where the
 * BFF's own parser takes JSON of BODY_LIMIT only. A guard of the route, after the admin guard,
 * rather than a middleware: guards run before the interceptors and middleware before the guards,
 * so the bytes are read for an admin only (a visitor's chunk is never buffered) and are there
 * when the idempotency interceptor fingerprints the request. A larger body is the body parser's
 * 413, which the error filter answers with the site's error body.
 */
@Injectable()
export class ChunkBodyReader implements CanActivate {
  async canActivate(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    await new Promise<void>((resolve, reject) => {
      readBytes(http.getRequest<Request>(), http.getResponse<Response>(), (error?: unknown) => {
        if (error) reject(error as Error);
        else resolve();
      });
    });
    return true;
  }
}

/** The chunk the reader left as the body; a 400 naming `body` for anything else or nothing. */
export function chunkBytes(body: unknown): Buffer {
  if (!Buffer.isBuffer(body)) {
    throw validationFailed('body', `must be the chunk's bytes, sent as ${CHUNK_MEDIA_TYPE}`);
  }
  if (body.length === 0) throw validationFailed('body', 'must not be empty');
  return body;
}
