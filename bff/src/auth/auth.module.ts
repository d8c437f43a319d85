import { Global, MiddlewareConsumer, Module, NestModule } from '@nestjs/common';
import { APP_GUARD, APP_INTERCEPTOR } from '@nestjs/core';
import { PassportModule } from '@nestjs/passport';
import { SERVICE_CONFIG } from '@upright/platform';
import cookieParser from 'cookie-parser';
import { CaptchaController } from '../captcha/captcha.controller';
import { CaptchaService } from '../captcha/captcha.service';
import type { BffConfig } from '../config';
import { LoadTestMode } from '../http/load-test-mode';
import { AuthController } from './auth.controller';
import { CsrfGuard, CsrfIssuer } from './csrf';
import { ForgetAfterWriteInterceptor } from './forget-after-write.interceptor';
import { AdminGuard, MemberGuard, OptionalMemberGuard } from './guards';
import { RateLimitGuard, RateLimits } from './rate-limit';
import { SessionAuthenticator } from './session-authenticator';
import { SessionHintMiddleware } from './session-hint.middleware';
import { SessionStrategy } from './session.strategy';
import { UnauthenticatedCookieInterceptor } from './unauthenticated-cookie.interceptor';

/**
 * Sessions, guards, CSRF, rate limits and the captcha. Global, so any controller can use the
 * guards and `@CurrentMember()` (agreements).
 */
@Global()
@Module({
  imports: [PassportModule],
  controllers: [AuthController, CaptchaController],
  providers: [
    SessionAuthenticator,
    SessionStrategy,
    CsrfIssuer,
    MemberGuard,
    OptionalMemberGuard,
    AdminGuard,
    RateLimits,
    RateLimitGuard,
    CaptchaService,
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
    CaptchaService,
    LoadTestMode,
  ],
})
export class AuthModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(cookieParser(), SessionHintMiddleware).forRoutes('*path');
  }
}
