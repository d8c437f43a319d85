import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { Request } from 'express';
import { finalize, Observable } from 'rxjs';
import { SessionAuthenticator } from './session-authenticator';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A member's own write (priorities, settings, discontinuation, sign-out…) may change what their
 * session says: this replica verifies it anew on their next request, without waiting for the
 * announcement from accounts that tells the other replicas (docs/product/rules.md#s11).
 */
@Injectable()
export class ForgetAfterWriteInterceptor implements NestInterceptor {
  constructor(private readonly authenticator: SessionAuthenticator) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<Request>();
    if (READS.has(request.method)) return next.handle();
    return next.handle().pipe(
      finalize(() => {
        void this.authenticator
          .session(request)
          .then((session) => session && this.authenticator.forgetMember(session.member.uid))
          .catch(() => undefined);
      }),
    );
  }
}
