import {
  CallHandler,
  createParamDecorator,
  ExecutionContext,
  HttpException,
  Injectable,
  Logger,
  NestInterceptor,
} from '@nestjs/common';
import {
  ERROR_TEXTS,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_TEXTS,
  IDEMPOTENT_REPLAYED_HEADER,
  idempotencyKeyHeaderSchema,
  RETRY_AFTER_SECONDS,
  type ErrorBody,
} from '@upright/contracts';
import type { Response } from 'express';
import { catchError, from, mergeMap, Observable, of, switchMap, throwError } from 'rxjs';
import { MEMBER_OF_REQUEST, type RequestWithMember } from '../auth/guards';
import { CSRF_HEADER } from '../auth/session-cookie';
import { translateError } from '../http/api-error.filter';
import { acceptsIdempotencyKey, keyedRequest, successStatusOf } from './idempotency-key';
import { IdempotencyRecords, type KeptOutcome } from './idempotency-records';

const DIGEST_OF_REQUEST = 'uprightIdempotencyDigest';
type KeyedHttpRequest = RequestWithMember & { [DIGEST_OF_REQUEST]?: string };

/**
 * The digest of this request's key (decision record 0050), for the service call and the captcha;
 * undefined when the request carries no `Idempotency-Key`.
 */
export const IdempotencyDigest = createParamDecorator(
  (_data: unknown, context: ExecutionContext): string | undefined =>
    context.switchToHttp().getRequest<KeyedHttpRequest>()[DIGEST_OF_REQUEST],
);

/** The answer's headers a replay repeats: the session and CSRF cookies and token, a location. */
const KEPT_HEADERS = ['set-cookie', CSRF_HEADER, 'location'];

function keyError(status: number, code: ErrorBody['error']['code'], message: string) {
  const body: ErrorBody = { error: { code, message, field: IDEMPOTENCY_KEY_HEADER } };
  return new HttpException(body, status);
}

/**
 * A failure is the outcome of its key unless trying again could end otherwise: a 5xx (a service
 * away or too slow, which may yet apply the write), a 429, or a service still answering the key.
 */
function isFinal(status: number, body: ErrorBody): boolean {
  if (status >= 500 || status === 429 || status === 408) return false;
  return !(status === 409 && body.error.field === IDEMPOTENCY_KEY_HEADER);
}

/**
 * `Idempotency-Key` on every write (decision record 0050, IETF httpapi draft): the first outcome
 * of a caller's key is kept 24 h and answered to every later try with the same request, marked
 * `Idempotent-Replayed: true`; the same key with another request is a 422; a try while the first
 * is still being answered is a 409 with `Retry-After`. A request without the header is answered as
 * before. The key's digest goes on to the service, which applies the write once by it too, so a
 * try that outlived its BFF replica is not applied twice either.
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  private readonly logger = new Logger(IdempotencyInterceptor.name);

  constructor(private readonly records: IdempotencyRecords) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const http = context.switchToHttp();
    const request = http.getRequest<KeyedHttpRequest>();
    const response = http.getResponse<Response>();
    const handler = context.getHandler();
    if (!acceptsIdempotencyKey(request.method, handler)) return next.handle();
    const header = request.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()];
    if (header === undefined) return next.handle();
    const parsed = idempotencyKeyHeaderSchema.safeParse(header);
    if (!parsed.success) {
      const problem = Array.isArray(header) ? 'must be sent once' : parsed.error.issues[0].message;
      throw keyError(400, 'validation_failed', `${IDEMPOTENCY_KEY_HEADER} ${problem}`);
    }
    const { scope, fingerprint, digest } = keyedRequest({
      caller: request[MEMBER_OF_REQUEST]?.uid ?? 'visitor',
      key: parsed.data,
      method: request.method,
      url: request.originalUrl,
      body: request.body as unknown,
    });
    return from(this.begin(scope, fingerprint, response)).pipe(
      switchMap((begun) => {
        switch (begun.kind) {
          case 'reused':
            throw keyError(422, 'validation_failed', IDEMPOTENCY_TEXTS.reused);
          case 'running':
            response.setHeader(
              'Retry-After',
              String(Math.max(1, Math.ceil(begun.retryAfterMs / 1000))),
            );
            throw keyError(409, 'conflict', IDEMPOTENCY_TEXTS.inFlight);
          case 'done':
            return of(replay(begun.outcome, response));
        }
        request[DIGEST_OF_REQUEST] = digest;
        const status = successStatusOf(request.method, handler);
        return next.handle().pipe(
          mergeMap(async (body: unknown) => {
            await this.settle(scope, fingerprint, begun.claim, {
              status,
              headers: keptHeaders(response),
              body,
            });
            return body;
          }),
          catchError((error: unknown) => {
            const { status: failed, body } = translateError(error);
            const outcome = isFinal(failed, body)
              ? { status: failed, headers: keptHeaders(response), body }
              : null;
            return from(this.settle(scope, fingerprint, begun.claim, outcome)).pipe(
              mergeMap(() => throwError(() => error)),
            );
          }),
        );
      }),
    );
  }

  /** Without Redis no try can be told from another: a write is refused rather than risked. */
  private async begin(scope: string, fingerprint: string, response: Response) {
    try {
      return await this.records.begin(scope, fingerprint);
    } catch (error) {
      this.logger.warn(`idempotency records unavailable: ${String(error)}`);
      response.setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
      throw new HttpException(
        { error: { code: 'service_unavailable', message: ERROR_TEXTS.serviceUnavailable } },
        503,
      );
    }
  }

  /**
   * Keeps the outcome, or frees the key for the next try (`null`). The answer goes out either way:
   * an outcome not kept means a later try asks the service again, which answers it by the key.
   */
  private async settle(
    scope: string,
    fingerprint: string,
    claim: string,
    outcome: KeptOutcome | null,
  ): Promise<void> {
    try {
      if (outcome === null) await this.records.release(scope, claim);
      else await this.records.keep(scope, fingerprint, outcome);
    } catch (error) {
      this.logger.warn(`idempotency outcome not kept: ${String(error)}`);
    }
  }
}

function keptHeaders(response: Response): Record<string, string | string[]> {
  const headers: Record<string, string | string[]> = {};
  for (const name of KEPT_HEADERS) {
    const value = response.getHeader(name);
    if (value !== undefined) headers[name] = typeof value === 'number' ? String(value) : value;
  }
  return headers;
}

/** The first outcome again: its headers, then its body (a kept failure is thrown as it was). */
function replay(outcome: KeptOutcome, response: Response): unknown {
  for (const [name, value] of Object.entries(outcome.headers)) response.setHeader(name, value);
  response.setHeader(IDEMPOTENT_REPLAYED_HEADER, 'true');
  if (outcome.status >= 400) throw new HttpException(outcome.body as ErrorBody, outcome.status);
  return outcome.body;
}
