import { Inject, Injectable } from '@nestjs/common';
import {
  isRemoteErrorPayload,
  Patterns,
  SESSION_HINT_COOKIE,
  type SessionMember,
} from '@upright/contracts';
import { SERVICE_CONFIG, ServiceClient } from '@upright/platform';
import type { IncomingHttpHeaders } from 'node:http';
import type { Request, Response } from 'express';
import type { BffConfig } from '../config/config';
import { PublicDataFeed } from '../public-data/public-data-feed';
import type { CredentialSource, RequestSession } from './authenticated-member';
import {
  OpenedSessionCookies,
  SESSION_COOKIE,
  SESSION_COOKIE_MAX_AGE_MS,
  sessionCookieName,
  sealToken,
  sessionCookieKey,
} from './session-cookie';
import { VerifiedSessions } from './verified-sessions';

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
  // Also matches the production name, `__Host-upright_session`.
  return headers.cookie?.includes(`${SESSION_COOKIE}=`) === true;
}

/** The session cookie's value from a raw Cookie header (before cookie-parser has run). */
function cookieOf(cookieHeader: string | undefined, name: string): string | undefined {
  if (cookieHeader === undefined) return undefined;
  for (const pair of cookieHeader.split(';')) {
    const equals = pair.indexOf('=');
    if (equals > 0 && pair.slice(0, equals).trim() === name) {
      try {
        return decodeURIComponent(pair.slice(equals + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/**
 * The one place that turns a request into a member: the `Authorization: Bearer` token, else the
 * token sealed in the session cookie; accounts says whom it belongs to. An unknown, expired or
 * revoked token is "no member" (null); accounts being unreachable is an error (503/504).
 */
@Injectable()
export class SessionAuthenticator {
  private readonly key: Buffer;
  private readonly cookies: OpenedSessionCookies;
  /** `__Host-upright_session` in production (bound to the host, Secure, path /). */
  readonly cookieName: string;
  private readonly verified: VerifiedSessions;
  private readonly verifying = new Map<string, Promise<RequestSession | null>>();

  constructor(
    private readonly services: ServiceClient,
    @Inject(SERVICE_CONFIG) private readonly config: BffConfig,
    feed: PublicDataFeed,
  ) {
    this.key = sessionCookieKey(config.SESSION_COOKIE_KEY);
    this.cookies = new OpenedSessionCookies(this.key);
    this.cookieName = sessionCookieName(config.NODE_ENV === 'production');
    this.verified = new VerifiedSessions(config.SESSION_CACHE_S * 1000);
    const { follower } = feed;
    follower.onMemberChanged((uid) => this.verified.forgetMember(uid));
    // While member changes may go unheard, no verified session is trusted.
    follower.onVersionsChanged((versions) => versions === null && this.verified.clear());
    follower.onResynced(() => this.verified.clear());
    this.following = () => follower.versions !== null;
  }

  /** Whether member changes are being heard right now (else every request asks accounts). */
  private readonly following: () => boolean;

  credentialsOf(request: Request): { token: string; source: CredentialSource } | null {
    const header = request.headers.authorization;
    if (isBearerAuthorization(header)) {
      const bearer = BEARER.exec(header);
      return bearer ? { token: bearer[1], source: 'bearer' } : null;
    }
    const sealed = (request.cookies as Record<string, unknown> | undefined)?.[this.cookieName];
    if (typeof sealed !== 'string') return null;
    const token = this.cookies.open(sealed);
    return token === null ? null : { token, source: 'cookie' };
  }

  session(request: Request): Promise<RequestSession | null> {
    const cached = request as WithSession;
    cached[SESSION_OF_REQUEST] ??= this.lookUp(request);
    return cached[SESSION_OF_REQUEST];
  }

  /**
   * For the fast read path, from raw headers and without waiting: the verified session,
   * `null` when the request carries no usable credentials, `undefined` when only accounts can
   * tell (the slow path then asks).
   */
  verifiedSession(headers: IncomingHttpHeaders): RequestSession | null | undefined {
    let token: string | null;
    if (isBearerAuthorization(headers.authorization)) {
      token = BEARER.exec(headers.authorization)?.[1] ?? null;
    } else {
      const sealed = cookieOf(headers.cookie, this.cookieName);
      token = sealed === undefined ? null : this.cookies.open(sealed);
    }
    if (token === null) return null;
    if (!this.following()) return undefined;
    const session = this.verified.get(token);
    // Verified again before it runs out, so a busy member never waits for accounts.
    if (session !== undefined && this.verified.isAging(token))
      void this.verify(token).catch(() => undefined);
    return session;
  }

  /** After a member's own write through this replica: their next request is verified anew. */
  forgetMember(uid: string): void {
    this.verified.forgetMember(uid);
  }

  /** Sets the encrypted session cookie (agreements: httpOnly, SameSite=Lax, Secure outside local). */
  setCookie(response: Response, token: string): void {
    response.cookie(this.cookieName, sealToken(this.key, token), {
      ...this.cookieOptions(),
      maxAge: SESSION_COOKIE_MAX_AGE_MS,
    });
    this.setHintCookie(response);
  }

  /** The readable hint that a session may exist (decision 0056), as long-lived as the session's. */
  setHintCookie(response: Response): void {
    response.cookie(SESSION_HINT_COOKIE, '1', {
      ...this.cookieOptions(),
      httpOnly: false,
      maxAge: SESSION_COOKIE_MAX_AGE_MS,
    });
  }

  /**
   * A session cookie that opens, sent without the hint: a browser signed in before the hint
   * existed (or one that lost it), which the web app would take for a visitor's.
   */
  lacksHint(request: Request): boolean {
    const cookies = request.cookies as Record<string, unknown> | undefined;
    if (cookies?.[SESSION_HINT_COOKIE] !== undefined) return false;
    return this.credentialsOf(request)?.source === 'cookie';
  }

  /**
   * docs/product/spec.md#s4: sign-out, a 401 or discontinuation returns the browser to the
   * anonymous default.
   */
  clearCookie(response: Response): void {
    response.clearCookie(this.cookieName, this.cookieOptions());
    response.clearCookie(SESSION_HINT_COOKIE, { ...this.cookieOptions(), httpOnly: false });
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
    const following = this.following();
    const verified = following ? this.verified.get(credentials.token) : undefined;
    if (verified !== undefined) return verified;
    return this.verify(credentials.token);
  }

  /** Asks accounts once for concurrent requests of one token; keeps what it says. */
  private verify(token: string): Promise<RequestSession | null> {
    let asking = this.verifying.get(token);
    if (asking === undefined) {
      asking = this.askAccounts(token).finally(() => this.verifying.delete(token));
      this.verifying.set(token, asking);
    }
    return asking;
  }

  private async askAccounts(token: string): Promise<RequestSession | null> {
    const following = this.following();
    const asked = this.verified.generation;
    let found: SessionMember;
    try {
      found = await this.services.request(Patterns.accounts.authenticate, { token });
    } catch (error) {
      if (isRemoteErrorPayload(error) && error.code === 'unauthenticated') {
        this.verified.forgetToken(token);
        return null;
      }
      throw error;
    }
    const session: RequestSession = {
      member: { uid: found.uid, email: found.email, role: found.role, token },
      discontinued: found.discontinued,
      weights: found.weights,
    };
    // Kept only if no member change was heard while accounts answered: it may predate it.
    if (following) this.verified.keepIfUnchangedSince(asked, token, session);
    return session;
  }
}
