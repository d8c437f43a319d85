import { Global, MiddlewareConsumer, Module, NestModule } from '@nestjs/common';
import { APP_GUARD, APP_INTERCEPTOR } from '@nestjs/core';
import { PassportModule } from '@nestjs/passport';
import { SERVICE_CONFIG } from '@upright/platform';
import cookieParser from 'cookie-parser';
import type { BffConfig } from '../config/config';
import { LoadTestMode } from './load-test-mode';
import { CaptchaService } from './captcha.service';
import { CsrfGuard, CsrfIssuer } from './csrf';
import { ForgetAfterWriteInterceptor } from './forget-after-write.interceptor';
import { AdminGuard, MemberGuard, OptionalMemberGuard } from './guards';
import { MemberValues } from './member-values';
import { PasswordLane, PasswordLaneGuard } from './password-lane';
import { RateLimitGuard, RateLimits } from './rate-limit';
import { SessionAuthenticator } from './session-authenticator';
import { SessionHintMiddleware } from './session-hint.middleware';
import { SessionStrategy } from './session.strategy';
import { UnauthenticatedCookieInterceptor } from './unauthenticated-cookie.interceptor';

/**
 * The library of who may do what: sessions, guards, CSRF, rate limits, the captcha's proof and
 * the member's values. Global, so any feature can use the guards and `@CurrentMember()`
 * (agreements); the routes that start and end sessions are the sign-in feature's.
 */
@Global()
@Module({
  imports: [PassportModule],
  providers: [
    SessionAuthenticator,
    SessionStrategy,
    CsrfIssuer,
    MemberGuard,
    OptionalMemberGuard,
    AdminGuard,
    RateLimits,
    RateLimitGuard,
    PasswordLane,
    PasswordLaneGuard,
    CaptchaService,
    MemberValues,
    // One parse of LOAD_TEST_* for the guard and the edge's API budget (edge/configure-http).
    {
      provide: LoadTestMode,
      useFactory: (config: BffConfig) => new LoadTestMode(config),
      inject: [SERVICE_CONFIG],
    },
    { provide: APP_GUARD, useClass: CsrfGuard },
    { provide: APP_INTERCEPTOR, useClass: UnauthenticatedCookieInterceptor },
    { provide: APP_INTERCEPTOR, useClass: ForgetAfterWriteInterceptor },
  ],
  exports: [
    SessionAuthenticator,
    CsrfIssuer,
    MemberGuard,
    OptionalMemberGuard,
    AdminGuard,
    RateLimits,
    RateLimitGuard,
    PasswordLane,
    PasswordLaneGuard,
    CaptchaService,
    MemberValues,
    LoadTestMode,
  ],
})
export class AuthModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(cookieParser(), SessionHintMiddleware).forRoutes('*path');
  }
}
