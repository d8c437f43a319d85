import { Body, Controller, Get, HttpCode, Post, Req, Res, UseGuards } from '@nestjs/common';
import {
  authAnswerSchema,
  Patterns,
  signinBodySchema,
  signupBodySchema,
  verifyBodySchema,
  type AuthResponse,
  type SigninRequest,
  type SignupBody,
  type User,
  type VerifyRequest,
  userAnswerSchema,
} from '@upright/contracts';
import { ServiceClient } from '@upright/platform';
import type { Request, Response } from 'express';
import { z } from 'zod';
import {
  accountKeys,
  CaptchaService,
  CsrfIssuer,
  PasswordLaneGuard,
  RateLimit,
  RateLimitGuard,
  RateLimits,
  SessionAuthenticator,
} from '../auth';
import { answeredWithoutEffect, IdempotencyDigest } from '../idempotency';
import { ZodValidationPipe } from '../shared/zod-validation.pipe';
import { Operation } from '../shared/operation.decorator';

/** Sign-up, sign-in, sign-out and verification: HTTP ↔ accounts, plus the session cookie. */
@Controller('api')
export class SignInController {
  constructor(
    private readonly services: ServiceClient,
    private readonly authenticator: SessionAuthenticator,
    private readonly captcha: CaptchaService,
    private readonly csrf: CsrfIssuer,
    private readonly limits: RateLimits,
  ) {}

  /** The CSRF token the web app fetches before its first write (public GETs set no cookies). */
  @Get('csrf')
  @Operation({
    summary: 'Issues a CSRF token: the cookie and the `X-CSRF-Token` header every write needs',
    answer: z.object({ csrfToken: z.string() }),
  })
  csrfToken(
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): { csrfToken: string } {
    return { csrfToken: this.csrf.issue(request, response) };
  }

  @Post('signup')
  @Operation({
    summary: 'Signs up (solved captcha needed) and starts a session',
    answer: authAnswerSchema,
  })
  @UseGuards(PasswordLaneGuard, RateLimitGuard)
  @RateLimit('signup')
  async signup(
    @Body(new ZodValidationPipe(signupBodySchema)) body: SignupBody,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
    @IdempotencyDigest() idempotencyKey: string | undefined,
  ): Promise<AuthResponse> {
    const { altcha, ...form } = body;
    await this.captcha.verify(altcha, idempotencyKey);
    const answer = await this.services.request(Patterns.accounts.signup, {
      ...form,
      idempotencyKey,
    });
    this.startSession(request, response, answer.token);
    return answer;
  }

  @Post('signin')
  @Operation({
    summary: 'Signs in and starts a session',
    answer: authAnswerSchema,
  })
  @HttpCode(200)
  @UseGuards(PasswordLaneGuard, RateLimitGuard)
  @RateLimit('signin')
  async signin(
    @Body(new ZodValidationPipe(signinBodySchema)) body: SigninRequest,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<AuthResponse> {
    const answer = await this.limits.forAccount(accountKeys.email(body.email), response, () =>
      this.services.request(Patterns.accounts.signin, body),
    );
    this.startSession(request, response, answer.token);
    return answer;
  }

  /** The session cookie and a CSRF token bound to it (the visitor's token is void now). */
  private startSession(request: Request, response: Response, token: string): void {
    this.authenticator.setCookie(response, token);
    this.csrf.issue(request, response, token);
  }

  /** Ends this session (cookie or bearer) and removes the cookie; fine when signed out. */
  @Post('signout')
  @Operation({
    summary: 'Ends this session (fine when signed out)',
    answer: z.object({ signedOut: z.literal(true) }),
  })
  @HttpCode(200)
  @UseGuards(RateLimitGuard)
  @RateLimit('signout')
  async signout(
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<{ signedOut: true }> {
    const credentials = this.authenticator.credentialsOf(request);
    if (credentials) {
      await this.services.request(Patterns.accounts.signout, { token: credentials.token });
    } else {
      answeredWithoutEffect(response);
    }
    this.authenticator.clearCookie(response);
    this.csrf.issue(request, response, null);
    return { signedOut: true };
  }

  @Post('verify')
  @Operation({
    summary: "Verifies the member's email (the mailed code, or email and password)",
    answer: z.object({ user: userAnswerSchema }),
  })
  @HttpCode(200)
  @UseGuards(PasswordLaneGuard, RateLimitGuard)
  @RateLimit('signin')
  verify(
    @Body(new ZodValidationPipe(verifyBodySchema)) body: VerifyRequest,
    @Res({ passthrough: true }) response: Response,
  ): Promise<{ user: User }> {
    const verify = () => this.services.request(Patterns.accounts.verify, body);
    // The mailed link's code is unguessable; email and password are the guessable form.
    return 'email' in body
      ? this.limits.forAccount(accountKeys.email(body.email), response, verify)
      : verify();
  }
}
