import { Body, Controller, HttpCode, Post, Req, Res, UseGuards } from '@nestjs/common';
import {
  Patterns,
  signinBodySchema,
  signupBodySchema,
  verifyBodySchema,
  type AuthResponse,
  type SigninRequest,
  type SignupBody,
  type User,
  type VerifyRequest,
} from '@upright/contracts';
import { ServiceClient } from '@upright/platform';
import type { Request, Response } from 'express';
import { CaptchaService } from '../captcha/captcha.service';
import { ZodValidationPipe } from '../http/zod-validation.pipe';
import { RateLimit, RateLimitGuard } from './rate-limit';
import { SessionAuthenticator } from './session-authenticator';

/** Sign-up, sign-in, sign-out and verification: HTTP ↔ accounts, plus the session cookie. */
@Controller('api')
export class AuthController {
  constructor(
    private readonly services: ServiceClient,
    private readonly authenticator: SessionAuthenticator,
    private readonly captcha: CaptchaService,
  ) {}

  @Post('signup')
  @UseGuards(RateLimitGuard)
  @RateLimit('signup')
  async signup(
    @Body(new ZodValidationPipe(signupBodySchema)) body: SignupBody,
    @Res({ passthrough: true }) response: Response,
  ): Promise<AuthResponse> {
    const { altcha, ...form } = body;
    await this.captcha.verify(altcha);
    const answer = await this.services.request(Patterns.accounts.signup, form);
    this.authenticator.setCookie(response, answer.token);
    return answer;
  }

  @Post('signin')
  @HttpCode(200)
  @UseGuards(RateLimitGuard)
  @RateLimit('signin')
  async signin(
    @Body(new ZodValidationPipe(signinBodySchema)) body: SigninRequest,
    @Res({ passthrough: true }) response: Response,
  ): Promise<AuthResponse> {
    const answer = await this.services.request(Patterns.accounts.signin, body);
    this.authenticator.setCookie(response, answer.token);
    return answer;
  }

  /** Ends this session (cookie or bearer) and removes the cookie; fine when signed out. */
  @Post('signout')
  @HttpCode(200)
  async signout(
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<{ signedOut: true }> {
    const credentials = this.authenticator.credentialsOf(request);
    if (credentials) {
      await this.services.request(Patterns.accounts.signout, { token: credentials.token });
    }
    this.authenticator.clearCookie(response);
    return { signedOut: true };
  }

  @Post('verify')
  @HttpCode(200)
  @UseGuards(RateLimitGuard)
  @RateLimit('signin')
  verify(
    @Body(new ZodValidationPipe(verifyBodySchema)) body: VerifyRequest,
  ): Promise<{ user: User }> {
    return this.services.request(Patterns.accounts.verify, body);
  }
}
