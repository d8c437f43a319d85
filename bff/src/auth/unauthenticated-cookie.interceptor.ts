import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { Response } from 'express';
import { Observable, catchError, throwError } from 'rxjs';
import { translateError } from '../shared/api-error.filter';
import { SessionAuthenticator } from './session-authenticator';

/**
 * docs/product/spec.md#s8: "Server-side a 401 deletes the session cookie" — whatever call answered
 * it (the guards clear it themselves, since they run before interceptors).
 */
@Injectable()
export class UnauthenticatedCookieInterceptor implements NestInterceptor {
  constructor(private readonly authenticator: SessionAuthenticator) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      catchError((error: unknown) => {
        if (translateError(error).status === 401) {
          this.authenticator.clearCookie(context.switchToHttp().getResponse<Response>());
        }
        return throwError(() => error);
      }),
    );
  }
}
