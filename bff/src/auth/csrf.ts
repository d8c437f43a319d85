import {
  CanActivate,
  ExecutionContext,
  ForbiddenException,
  Inject,
  Injectable,
  SetMetadata,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ERROR_TEXTS, type ErrorBody } from '@upright/contracts';
import { SERVICE_CONFIG } from '@upright/platform';
import type { Request, Response } from 'express';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { BffConfig } from '../config/config';
import { isBearerAuthorization, SessionAuthenticator } from './session-authenticator';
import { CSRF_HEADER, csrfCookieName, sessionCookieKey } from './session-cookie';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** What an anonymous token is bound to (sign-in, sign-up, reset…: login CSRF). */
const NO_SESSION = 'anonymous';

export function csrfTokenMatches(cookie: unknown, header: unknown): boolean {
  if (typeof cookie !== 'string' || typeof header !== 'string' || cookie.length < 16) return false;
  const a = Buffer.from(cookie);
  const b = Buffer.from(header);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Session-bound CSRF tokens (decision 0018): `<nonce>.<HMAC(key, binding, nonce)>`, where the
 * binding is the session's bearer token, or "anonymous" before sign-in. A token issued for one
 * session (or for none) is worthless for another, and the key never leaves the BFF.
 */
export class CsrfTokens {
  constructor(private readonly key: Buffer) {}

  issue(binding: string | null): string {
    const nonce = randomBytes(18).toString('base64url');
    return `${nonce}.${this.mac(binding, nonce)}`;
  }

  verify(token: string, binding: string | null): boolean {
    const [nonce, mac, extra] = token.split('.');
    if (!nonce || !mac || extra !== undefined) return false;
    return csrfTokenMatches(this.mac(binding, nonce), mac);
  }

  private mac(binding: string | null, nonce: string): string {
    return createHmac('sha256', this.key)
      .update(`${binding ?? NO_SESSION}\n${nonce}`)
      .digest('base64url');
  }
}

/** The CSRF key: derived from the session cookie key, so one secret serves both. */
function csrfKey(config: BffConfig): Buffer {
  return createHmac('sha256', sessionCookieKey(config.SESSION_COOKIE_KEY))
    .update('upright csrf v1')
    .digest();
}

/**
 * Issues the token where a browser needs one: `GET /api/csrf` and the answers that start or end
 * a session. Both halves of the double submit: a readable cookie (SameSite=Strict, `__Host-` in
 * production) and the `X-CSRF-Token` answer header the web app keeps in memory.
 */
@Injectable()
export class CsrfIssuer {
  private readonly tokens: CsrfTokens;
  private readonly cookieName: string;
  private readonly production: boolean;

  constructor(
    private readonly authenticator: SessionAuthenticator,
    @Inject(SERVICE_CONFIG) config: BffConfig,
  ) {
    this.tokens = new CsrfTokens(csrfKey(config));
    this.production = config.NODE_ENV === 'production';
    this.cookieName = csrfCookieName(this.production);
  }

  /** The session token a write is bound to: the cookie's, none for a visitor. */
  bindingOf(request: Request): string | null {
    const credentials = this.authenticator.credentialsOf(request);
    return credentials?.source === 'cookie' ? credentials.token : null;
  }

  /** `sessionToken`: the session the answer starts; null for none; omitted for the request's. */
  issue(request: Request, response: Response, sessionToken?: string | null): string {
    const token = this.tokens.issue(
      sessionToken === undefined ? this.bindingOf(request) : sessionToken,
    );
    response.cookie(this.cookieName, token, {
      httpOnly: false,
      sameSite: 'strict',
      secure: this.production,
      path: '/',
    });
    response.setHeader(CSRF_HEADER, token);
    return token;
  }

  /** The header equals the cookie and was issued for this request's session (or for none). */
  accepts(request: Request): boolean {
    const header = request.headers[CSRF_HEADER];
    const cookie = (request.cookies as Record<string, unknown> | undefined)?.[this.cookieName];
    return (
      csrfTokenMatches(cookie, header) &&
      this.tokens.verify(header as string, this.bindingOf(request))
    );
  }
}

export const CSRF_EXEMPT = 'upright:csrf-exempt';
/**
 * For reads that a protocol sends as POST (ReactiveSearch): they change nothing a member owns
 * but their own recent searches, and only JSON bodies are parsed, which a cross-site page
 * cannot send without a CORS preflight that the BFF never grants.
 */
export const CsrfExempt = () => SetMetadata(CSRF_EXEMPT, true);

/**
 * Refuses (403) every unsafe request without a valid token, signed in or not: sign-in and
 * sign-up included, so a cross-site form cannot sign a victim into another account. A request
 * authenticated by `Authorization: Bearer` is not cookie-borne and needs no token; any other
 * scheme (ReactiveSearch's Basic) leaves the cookie in charge, so the token is still required.
 */
@Injectable()
export class CsrfGuard implements CanActivate {
  constructor(
    private readonly issuer: CsrfIssuer,
    private readonly reflector: Reflector,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<Request>();
    if (SAFE_METHODS.has(request.method)) return true;
    if (isBearerAuthorization(request.headers.authorization)) return true;
    if (this.reflector.get<boolean | undefined>(CSRF_EXEMPT, context.getHandler())) return true;
    if (this.issuer.accepts(request)) return true;
    const body: ErrorBody = { error: { code: 'forbidden', message: ERROR_TEXTS.csrfFailed } };
    throw new ForbiddenException(body);
  }
}
