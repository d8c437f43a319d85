import {
  ExecutionContext,
  ForbiddenException,
  Injectable,
  SetMetadata,
  UnauthorizedException,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import { ERROR_TEXTS, type ErrorBody } from '@upright/contracts';
import type { Request, Response } from 'express';
import type { AuthenticatedMember, RequestSession } from './authenticated-member';
import { SessionAuthenticator } from './session-authenticator';
import { SESSION_STRATEGY } from './session.strategy';

/** The member a guard attached to the request (read by `@CurrentMember()`). */
export const MEMBER_OF_REQUEST = 'uprightMember';
export type RequestWithMember = Request & { [MEMBER_OF_REQUEST]?: AuthenticatedMember | null };

const ALLOW_DISCONTINUED = 'upright:allow-discontinued';
/**
 * The calls a member with a pending discontinuation may make: the overlay's
 * (docs/product/spec.md#s2), i.e. reading the user, continuing the membership and signing out.
 */
export const AllowDiscontinued = () => SetMetadata(ALLOW_DISCONTINUED, true);

function hasSessionCookie(request: Request, name: string): boolean {
  return typeof (request.cookies as Record<string, unknown> | undefined)?.[name] === 'string';
}

function errorBody(code: 'unauthenticated' | 'forbidden', message: string): ErrorBody {
  return { error: { code, message } };
}

/**
 * Signed-in member or admin; otherwise 401 and the session cookie is cleared
 * (docs/product/spec.md#s8).
 */
@Injectable()
export class MemberGuard extends AuthGuard(SESSION_STRATEGY) {
  constructor(
    protected readonly authenticator: SessionAuthenticator,
    protected readonly reflector: Reflector,
  ) {
    super({ property: MEMBER_OF_REQUEST, session: false });
  }

  override handleRequest<T = AuthenticatedMember>(
    error: unknown,
    session: RequestSession | false,
    _info: unknown,
    context: ExecutionContext,
  ): T {
    if (error) throw error;
    if (!session) {
      this.authenticator.clearCookie(context.switchToHttp().getResponse<Response>());
      throw new UnauthorizedException(errorBody('unauthenticated', ERROR_TEXTS.sessionExpired));
    }
    const allowed = this.reflector.getAllAndOverride<boolean>(ALLOW_DISCONTINUED, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (session.discontinued && !allowed) {
      throw new ForbiddenException(errorBody('forbidden', ERROR_TEXTS.membershipDiscontinued));
    }
    return session.member as T;
  }
}

/** Admins only: 401 signed out, 403 for a member (docs/product/rules.md#s8 roles). */
@Injectable()
export class AdminGuard extends MemberGuard {
  override handleRequest<T = AuthenticatedMember>(
    error: unknown,
    session: RequestSession | false,
    info: unknown,
    context: ExecutionContext,
  ): T {
    const member = super.handleRequest<AuthenticatedMember>(error, session, info, context);
    if (member.role !== 'admin') {
      throw new ForbiddenException(errorBody('forbidden', ERROR_TEXTS.adminOnly));
    }
    return member as T;
  }
}

/**
 * Attaches the member when the request has a valid session; a visitor otherwise. Never fails:
 * a stale cookie is cleared, and accounts being unreachable just means "visitor".
 */
@Injectable()
export class OptionalMemberGuard extends AuthGuard(SESSION_STRATEGY) {
  constructor(private readonly authenticator: SessionAuthenticator) {
    super({ property: MEMBER_OF_REQUEST, session: false });
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    try {
      await super.canActivate(context);
    } catch {
      context.switchToHttp().getRequest<RequestWithMember>()[MEMBER_OF_REQUEST] = null;
    }
    return true;
  }

  override handleRequest<T = AuthenticatedMember | null>(
    _error: unknown,
    session: RequestSession | false,
    _info: unknown,
    context: ExecutionContext,
  ): T {
    const http = context.switchToHttp();
    if (!session && hasSessionCookie(http.getRequest<Request>(), this.authenticator.cookieName)) {
      this.authenticator.clearCookie(http.getResponse<Response>());
    }
    return (session && !session.discontinued ? session.member : null) as T;
  }
}
