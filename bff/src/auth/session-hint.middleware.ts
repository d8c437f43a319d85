import { Injectable, type NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { answerForThisRequestOnly } from '../shared/this-request-only';
import { SessionAuthenticator } from './session-authenticator';

/**
 * Gives the hint cookie to a member whose browser has a valid session cookie but no hint (signed
 * in before the hint existed): without it the web app never probes `GET /api/user` and shows them
 * signed out (decision 0056). The session it checks is the one the route then uses (one question
 * to accounts per request); a cookie that no longer opens a session gets no hint, and accounts
 * being away leaves the answer to the route.
 */
@Injectable()
export class SessionHintMiddleware implements NestMiddleware {
  constructor(private readonly authenticator: SessionAuthenticator) {}

  use(request: Request, response: Response, next: NextFunction): void {
    if (!this.authenticator.lacksHint(request)) return next();
    this.authenticator.session(request).then(
      (session) => {
        if (session !== null) {
          this.authenticator.setHintCookie(response);
          // An answer carrying a cookie is for this browser only: neither kept nor cached public.
          answerForThisRequestOnly(response);
        }
        next();
      },
      () => next(),
    );
  }
}
