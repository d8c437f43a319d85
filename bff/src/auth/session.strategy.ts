import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { Request } from 'express';
import { Strategy } from 'passport-custom';
import type { RequestSession } from './authenticated-member';
import { SessionAuthenticator } from './session-authenticator';

export const SESSION_STRATEGY = 'upright-session';

/**
 * The passport strategy behind every guard: the request's session (see SessionAuthenticator),
 * or false when it has none. Errors (accounts unreachable) fail the request.
 */
@Injectable()
export class SessionStrategy extends PassportStrategy(Strategy, SESSION_STRATEGY) {
  constructor(private readonly authenticator: SessionAuthenticator) {
    super();
  }

  async validate(request: Request): Promise<RequestSession | false> {
    return (await this.authenticator.session(request)) ?? false;
  }
}
