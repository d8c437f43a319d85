import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import {
  ERROR_TEXTS,
  ErrorBody,
  ErrorCode,
  HTTP_STATUS_OF_ERROR,
  RETRY_AFTER_SECONDS,
  isRemoteErrorPayload,
} from '@upright/contracts';
import { remoteFailureOf } from '@upright/platform';
import type { Response } from 'express';

const CODE_OF_HTTP_STATUS: Readonly<Record<number, ErrorCode>> = Object.fromEntries(
  Object.entries(HTTP_STATUS_OF_ERROR).map(([code, status]) => [status, code as ErrorCode]),
);

interface Translated {
  status: number;
  body: ErrorBody;
  retryAfter?: number;
}

function body(code: ErrorCode, message: string, field?: string): ErrorBody {
  return { error: field ? { code, message, field } : { code, message } };
}

/**
 * Body-parser errors carry a `type` and an HTTP status of their own — except a body that fails
 * to decompress (Content-Encoding gzip, br or deflate that is not): zlib's error wrapped as a
 * plain 400 (http-errors, `expose`), which is the client's fault as much.
 */
function isBodyParserError(error: unknown): error is { type?: string; status: number } {
  if (typeof error !== 'object' || error === null || !('status' in error)) return false;
  if ('type' in error) return true;
  return error.status === 400 && 'expose' in error && error.expose === true;
}

/**
 * docs/product/spec.md#s9's retry advice goes with the code, not with where the failure came from:
 * a service that answers "rankings is away" is as retryable as the transport finding no replica.
 */
const RETRY_ADVISED: ReadonlySet<ErrorCode> = new Set([
  'service_unavailable',
  'deadline_exceeded',
  'rate_limited',
]);

/** Everything that can go wrong in a request, as the JSON error of docs/product/rules.md#s3. */
export function translateError(error: unknown): Translated {
  const translated = translate(error);
  return RETRY_ADVISED.has(translated.body.error.code)
    ? { ...translated, retryAfter: RETRY_AFTER_SECONDS }
    : translated;
}

function translate(error: unknown): Translated {
  // A service's own error, or the transport finding it away or too slow: the same mapping as
  // a service answering for a service it called (platform's remoteFailureOf), then the status.
  const failure = remoteFailureOf(error);
  if (failure) {
    // A service tells of its unexpected failures only that they were `internal`; the user is
    // shown the spec's text for them, as for the BFF's own.
    const message = failure.code === 'internal' ? ERROR_TEXTS.unknown : failure.message;
    return {
      status: HTTP_STATUS_OF_ERROR[failure.code],
      body: body(failure.code, message, failure.field),
    };
  }
  if (error instanceof HttpException) {
    const status = error.getStatus();
    const response = error.getResponse();
    if (typeof response === 'object' && response !== null && 'error' in response) {
      const existing = (response as ErrorBody).error;
      if (isRemoteErrorPayload(existing)) return { status, body: response as ErrorBody };
    }
    const code = CODE_OF_HTTP_STATUS[status] ?? (status >= 500 ? 'internal' : 'validation_failed');
    return { status, body: body(code, error.message) };
  }
  if (isBodyParserError(error)) {
    if (error.type === 'entity.too.large') {
      return { status: 413, body: body('payload_too_large', 'The request body is too large.') };
    }
    if (error.type === 'entity.parse.failed') {
      return {
        status: 400,
        body: body('validation_failed', 'The request body is not valid JSON.'),
      };
    }
    if (error.status >= 400 && error.status < 500) {
      return {
        status: 400,
        body: body('validation_failed', 'The request body could not be read.'),
      };
    }
  }
  return { status: 500, body: body('internal', ERROR_TEXTS.unknown) };
}

@Catch()
export class ApiErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('ApiErrorFilter');

  catch(error: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    const translated = translateError(error);
    if (translated.status >= 500) {
      this.logger.error({ err: error }, 'request failed');
    }
    // A budget that knows its real wait has set it already (decision 0056); keep that one.
    if (translated.retryAfter && !response.hasHeader('Retry-After')) {
      response.setHeader('Retry-After', String(translated.retryAfter));
    }
    response.status(translated.status).json(translated.body);
  }
}
