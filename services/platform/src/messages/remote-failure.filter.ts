import { ArgumentsHost, Catch, type ExceptionFilter } from '@nestjs/common';
import { BaseRpcExceptionFilter } from '@nestjs/microservices';
import { ERROR_TEXTS, isRemoteErrorPayload, type RemoteErrorPayload } from '@upright/contracts';
import { DeadlineExceededError, ServiceUnavailableError, toRemoteError } from '@upright/transport';
import { throwError, type Observable } from 'rxjs';
import { isStoreOutage } from './store-outage';

/**
 * What a handler's failure means to its caller when the handler itself called another service
 * or a store: that service's own error passes through unchanged, and a service or store that is
 * down or too slow stays a 503/504 for the user instead of becoming an "internal" error.
 * Null: not such a failure.
 */
export function remoteFailureOf(error: unknown): RemoteErrorPayload | null {
  if (isRemoteErrorPayload(error)) return error;
  if (error instanceof ServiceUnavailableError) {
    return { code: 'service_unavailable', message: ERROR_TEXTS.serviceUnavailable };
  }
  if (error instanceof DeadlineExceededError) {
    return { code: 'deadline_exceeded', message: ERROR_TEXTS.deadlineExceeded };
  }
  // A PostgreSQL or Redis restart: retrying soon will work, nothing was wrong with the request.
  if (isStoreOutage(error)) {
    return { code: 'service_unavailable', message: ERROR_TEXTS.serviceUnavailable };
  }
  return null;
}

/**
 * What the caller of a message handler is told of its failure, as this filter and the transport
 * tell it together: `remoteFailureOf`, else the transport's reduction (a deliberate
 * RemoteErrorPayload, an `RpcException` around one, or `internal`). For a handler answering for
 * several requests at once, each failing on its own; `expected` false deserves an error log.
 */
export function handlerFailure(error: unknown): { payload: RemoteErrorPayload; expected: boolean } {
  const failure = remoteFailureOf(error);
  return failure ? { payload: failure, expected: true } : toRemoteError(error);
}

/**
 * Every service's filter (the service module installs it): a message handler's failure is
 * answered per `remoteFailureOf`, anything else as Nest does. The process's HTTP routes (health,
 * metrics) share the global filters, so their errors go to Nest's HTTP filter, `http`.
 */
@Catch()
export class RemoteFailureFilter extends BaseRpcExceptionFilter {
  constructor(private readonly http?: ExceptionFilter) {
    super();
  }

  override catch(exception: unknown, host: ArgumentsHost): Observable<unknown> {
    if (host.getType() !== 'rpc' && this.http) return this.http.catch(exception, host);
    const failure = remoteFailureOf(exception);
    return failure ? throwError(() => failure) : super.catch(exception, host);
  }
}
