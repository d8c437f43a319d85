import { RpcException } from '@nestjs/microservices';
import { isRemoteErrorPayload, type RemoteErrorPayload } from '@upright/contracts';

/** No live replica of the service (or Redis is unreachable): the request was not enqueued. */
export class ServiceUnavailableError extends Error {
  constructor(
    readonly service: string,
    options?: { cause?: unknown },
  ) {
    super(`Service "${service}" is unavailable`, options);
    this.name = 'ServiceUnavailableError';
  }
}

/** No reply arrived before the request's deadline. The request may still be handled. */
export class DeadlineExceededError extends Error {
  constructor(
    readonly pattern: string,
    readonly deadlineMs: number,
  ) {
    super(`No reply to "${pattern}" within ${deadlineMs} ms`);
    this.name = 'DeadlineExceededError';
  }
}

/** The client was closed while the request was outstanding. */
export class ClientClosedError extends Error {
  constructor(readonly pattern: string) {
    super(`Client closed before "${pattern}" was answered`);
    this.name = 'ClientClosedError';
  }
}

export const INTERNAL_ERROR: Readonly<RemoteErrorPayload> = Object.freeze({
  code: 'internal',
  message: 'Internal error',
});

/**
 * What a client may see of a handler failure: a deliberate RemoteErrorPayload passes through,
 * anything else is reduced to `internal` so stack traces and SQL never leave the service.
 * `expected` tells the server whether the failure deserves an error log.
 */
export function toRemoteError(error: unknown): { payload: RemoteErrorPayload; expected: boolean } {
  // Inside a Nest app the exception filter has already unwrapped RpcException; bare handlers
  // (and tests) throw it directly.
  const candidate = error instanceof RpcException ? error.getError() : error;
  if (isRemoteErrorPayload(candidate)) {
    const { code, message, field } = candidate;
    return {
      payload: field === undefined ? { code, message } : { code, message, field },
      expected: true,
    };
  }
  return { payload: { ...INTERNAL_ERROR }, expected: false };
}
