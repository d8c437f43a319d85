import { Inject, Injectable } from '@nestjs/common';
import {
  isRemoteErrorPayload,
  Patterns,
  type IssueWeights,
  type SessionMember,
} from '@upright/contracts';
import { ServiceClient } from '@upright/platform';
import type { IncomingHttpHeaders } from 'node:http';
import type { Request, Response } from 'express';
import { BFF_CONFIG, type BffConfig } from '../config';
import type { AuthenticatedMember, CredentialSource } from './authenticated-member';
import {
  SESSION_COOKIE,
  SESSION_COOKIE_MAX_AGE_MS,
  sealToken,
  sessionCookieKey,
  unsealToken,
} from './session-cookie';

export interface RequestSession {
  member: AuthenticatedMember;
  discontinued: boolean;
  /** The member's ranking weights, null unless saved (decisions §5 rule 7). */
  weights: IssueWeights | null;
}

/** Remembered on the request so that a guard and MemberValues ask accounts once. */
const SESSION_OF_REQUEST = Symbol('upright session');
type WithSession = Request & { [SESSION_OF_REQUEST]?: Promise<RequestSession | null> };

const BEARER = /^Bearer ([A-Za-z0-9_-]{20,200})$/;

/**
 * Only the Bearer scheme is ours. Other schemes are ignored in favour of the session cookie:
 * ReactiveSearch sends `Authorization: Basic …` (its app credentials) on every call.
 */
export function isBearerAuthorization(header: string | undefined): header is string {
  return header !== undefined && /^bearer\s/i.test(header);
}

/**
 * Whether a request may belong to a member (a Bearer token or a session cookie), judged from
 * its headers alone: the read path uses it to tell visitors, who share kept answers, from
 * possible members, whose personal answers are made for them.
 */
export function carriesMemberCredentials(headers: IncomingHttpHeaders): boolean {
  if (isBearerAuthorization(headers.authorization)) return true;
  return headers.cookie?.includes(`${SESSION_COOKIE}=`) === true;
}

/**
 * The one place that turns a request into a member: the `Authorization: Bearer` token, else the
 * token sealed in the session cookie; accounts says whom it belongs to. An unknown, expired or
 * revoked token is "no member" (null); accounts being unreachable is an error (503/504).
 */
@Injectable()
export class SessionAuthenticator {
  private readonly key: Buffer;

  constructor(
    private readonly services: ServiceClient,
    @Inject(BFF_CONFIG) private readonly config: BffConfig,
  ) {
    this.key = sessionCookieKey(config.SESSION_COOKIE_KEY);
  }

  credentialsOf(request: Request): { token: string; source: CredentialSource } | null {
    const header = request.headers.authorization;
    if (isBearerAuthorization(header)) {
      const bearer = BEARER.exec(header);
      return bearer ? { token: bearer[1], source: 'bearer' } : null;
    }
    const sealed = (request.cookies as Record<string, unknown> | undefined)?.[SESSION_COOKIE];
    if (typeof sealed !== 'string') return null;
    const token = unsealToken(this.key, sealed);
    return token === null ? null : { token, source: 'cookie' };
  }

  session(request: Request): Promise<RequestSession | null> {
    const cached = request as WithSession;
    cached[SESSION_OF_REQUEST] ??= this.lookUp(request);
    return cached[SESSION_OF_REQUEST];
  }

  /** Sets the encrypted session cookie (agreements: httpOnly, SameSite=Lax, Secure outside local). */
  setCookie(response: Response, token: string): void {
    response.cookie(SESSION_COOKIE, sealToken(this.key, token), {
      ...this.cookieOptions(),
      maxAge: SESSION_COOKIE_MAX_AGE_MS,
    });
  }

  /** Spec §4: sign-out, a 401 or discontinuation returns the browser to the anonymous default. */
  clearCookie(response: Response): void {
    response.clearCookie(SESSION_COOKIE, this.cookieOptions());
  }

  private cookieOptions() {
    return {
      httpOnly: true,
      sameSite: 'lax' as const,
      secure: this.config.NODE_ENV === 'production',
      path: '/',
    };
  }

  private async lookUp(request: Request): Promise<RequestSession | null> {
    const credentials = this.credentialsOf(request);
    if (credentials === null) return null;
    let found: SessionMember;
    try {
      found = await this.services.request(Patterns.accounts.authenticate, {
        token: credentials.token,
      });
    } catch (error) {
      if (isRemoteErrorPayload(error) && error.code === 'unauthenticated') return null;
      throw error;
    }
    return {
      member: { uid: found.uid, email: found.email, role: found.role, token: credentials.token },
      discontinued: found.discontinued,
      weights: found.weights,
    };
  }
}
