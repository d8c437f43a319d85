import { CanActivate, ExecutionContext, ForbiddenException, Injectable } from '@nestjs/common';
import { ERROR_TEXTS, type ErrorBody } from '@upright/contracts';
import type { NextFunction, Request, Response } from 'express';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { isBearerAuthorization } from './session-authenticator';
import { CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE } from './session-cookie';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Double-submit CSRF (agreements): the BFF gives every browser a readable `upright_csrf`
 * cookie (SameSite=Strict); the web app echoes it in `X-CSRF-Token`. Another site can make the
 * browser send cookies but can neither read this one nor set the header.
 */
export function issueCsrfCookie(secure: boolean) {
  return (request: Request, response: Response, next: NextFunction): void => {
    const cookies = request.cookies as Record<string, unknown> | undefined;
    if (typeof cookies?.[CSRF_COOKIE] !== 'string') {
      response.cookie(CSRF_COOKIE, randomBytes(24).toString('base64url'), {
        httpOnly: false,
        sameSite: 'strict',
        secure,
        path: '/',
      });
    }
    next();
  };
}

export function csrfTokenMatches(cookie: unknown, header: unknown): boolean {
  if (typeof cookie !== 'string' || typeof header !== 'string' || cookie.length < 16) return false;
  const a = Buffer.from(cookie);
  const b = Buffer.from(header);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Refuses (403) a write that carries the session cookie without the matching header. A request
 * authenticated by `Authorization: Bearer` is not cookie-borne and needs no token; any other
 * scheme (ReactiveSearch's Basic) leaves the cookie in charge, so the token is still required.
 */
@Injectable()
export class CsrfGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<Request>();
    if (SAFE_METHODS.has(request.method)) return true;
    const cookies = (request.cookies ?? {}) as Record<string, unknown>;
    if (
      cookies[SESSION_COOKIE] === undefined ||
      isBearerAuthorization(request.headers.authorization)
    ) {
      return true;
    }
    if (csrfTokenMatches(cookies[CSRF_COOKIE], request.headers[CSRF_HEADER])) return true;
    const body: ErrorBody = { error: { code: 'forbidden', message: ERROR_TEXTS.csrfFailed } };
    throw new ForbiddenException(body);
  }
}
