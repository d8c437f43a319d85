import {
  CallHandler,
  createParamDecorator,
  ExecutionContext,
  HttpException,
  Inject,
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
import { SERVICE_CONFIG } from '@upright/platform';
import type { Response } from 'express';
import { catchError, from, mergeMap, Observable, of, switchMap, throwError } from 'rxjs';
import type { RequestWithMember } from '../auth/guards';
import { RateLimits } from '../auth/rate-limit';
import { SessionAuthenticator } from '../auth/session-authenticator';
import { CSRF_HEADER, sessionCookieKey } from '../auth/session-cookie';
import type { BffConfig } from '../config/config';
import { addressKey } from '../auth/address-key';
import { translateError } from '../shared/api-error.filter';
import { LoadTestMode } from '../auth/load-test-mode';
import {
  acceptsIdempotencyKey,
  idempotencySecret,
  keyedRequest,
  successStatusOf,
} from './idempotency-key';
import { IdempotencyRecords, type KeptOutcome } from './idempotency-records';

const DIGEST_OF_REQUEST = 'uprightIdempotencyDigest';
type KeyedHttpRequest = RequestWithMember & { [DIGEST_OF_REQUEST]?: string };

const WITHOUT_EFFECT = 'uprightAnsweredWithoutEffect';

/**
 * Marks a success that changed nothing (a sign-out without a session): its key keeps no record,
 * since a retry is answered the same way afresh (decision 0071).
 */
export function answeredWithoutEffect(response: Response): void {
  (response.locals as Record<string, unknown>)[WITHOUT_EFFECT] = true;
}

const hadEffect = (response: Response): boolean =>
  (response.locals as Record<string, unknown>)[WITHOUT_EFFECT] !== true;

/**
 * The digest of this request's key (decision 0050), for the service call and the captcha;
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
 * A failure that applied nothing and will not end otherwise when tried again (a 4xx but 408, 429
 * and "still in flight"): its key is forgotten. The others (a 5xx: a service away or too slow,
 * which may yet apply the write) keep the fingerprint a while for the retry, which asks the
 * service again; the service answers a key it applied with its first outcome.
 */
function changedNothing(status: number, body: ErrorBody): boolean {
  if (status >= 500 || status === 429 || status === 408) return false;
  return !(status === 409 && body.error.field === IDEMPOTENCY_KEY_HEADER);
}

/**
 * `Idempotency-Key` on every write (decisions 0050 and 0071, IETF httpapi draft): the outcome of
 * a caller's key whose write took effect is kept 24 h and answered to every later try with the
 * same request, marked `Idempotent-Replayed: true`; the same key with another request is a 422; a
 * try while the first is still being answered is a 409 with `Retry-After`. An answer that changed
 * nothing keeps no record. A request without the header is answered as before. The key's digest
 * goes on to the service, which applies the write once by it too, so a try that outlived its BFF
 * replica, or whose first answer was a 5xx, is not applied twice either.
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  private readonly logger = new Logger(IdempotencyInterceptor.name);
  private readonly secret: Buffer;

  constructor(
    private readonly records: IdempotencyRecords,
    private readonly sessions: SessionAuthenticator,
    private readonly limits: RateLimits,
    private readonly loadTest: LoadTestMode,
    @Inject(SERVICE_CONFIG) config: BffConfig,
  ) {
    this.secret = idempotencySecret(sessionCookieKey(config.SESSION_COOKIE_KEY));
  }

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
    const credential = this.sessions.credentialsOf(request)?.token ?? null;
    const { scope, fingerprint, digest } = keyedRequest(this.secret, {
      credential,
      key: parsed.data,
      method: request.method,
      url: request.originalUrl,
      body: request.body as unknown,
    });
    return from(this.begin(scope, fingerprint, request, response, credential)).pipe(
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
            const outcome = { status, headers: keptHeaders(response), body };
            await this.settle(
              scope,
              fingerprint,
              begun.claim,
              hadEffect(response) ? outcome : null,
            );
            return body;
          }),
          catchError((error: unknown) => {
            const { status: failed, body } = translateError(error);
            const settled = changedNothing(failed, body)
              ? this.settle(scope, fingerprint, begun.claim, null)
              : this.settle(scope, fingerprint, begun.claim, 'unsettled');
            return from(settled).pipe(mergeMap(() => throwError(() => error)));
          }),
        );
      }),
    );
  }

  /**
   * A visitor's keyed write is counted per address first (each may leave a record); without
   * Redis no try can be told from another: a write is refused rather than risked.
   */
  private async begin(
    scope: string,
    fingerprint: string,
    request: KeyedHttpRequest,
    response: Response,
    credential: string | null,
  ) {
    if (credential === null && !this.loadTest.exempts(request.ip, request.headers)) {
      await this.limits.consume('keyedWrite', addressKey(request.ip ?? ''), response);
    }
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
   * Keeps the outcome of a write that took effect, forgets a key whose answer changed nothing
   * (`null`), or keeps only its fingerprint a while for the retry (`'unsettled'`). The answer goes
   * out either way: an outcome not kept means a later try asks the service again, which answers
   * it by the key.
   */
  private async settle(
    scope: string,
    fingerprint: string,
    claim: string,
    outcome: KeptOutcome | null | 'unsettled',
  ): Promise<void> {
    try {
      if (outcome === null) await this.records.forget(scope, claim);
      else if (outcome === 'unsettled') await this.records.release(scope, claim);
      else if (!(await this.records.keep(scope, fingerprint, outcome))) {
        this.logger.warn('idempotency records over their budget: an outcome was not kept');
      }
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
