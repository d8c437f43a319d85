import { Global, MiddlewareConsumer, Module, NestModule, Inject } from '@nestjs/common';
import { APP_GUARD, APP_INTERCEPTOR } from '@nestjs/core';
import { PassportModule } from '@nestjs/passport';
import cookieParser from 'cookie-parser';
import { CaptchaController } from '../captcha/captcha.controller';
import { CaptchaService } from '../captcha/captcha.service';
import { BFF_CONFIG, type BffConfig } from '../config';
import { AuthController } from './auth.controller';
import { CsrfGuard, issueCsrfCookie } from './csrf';
import { ForgetAfterWriteInterceptor } from './forget-after-write.interceptor';
import { AdminGuard, MemberGuard, OptionalMemberGuard } from './guards';
import { RateLimitGuard } from './rate-limit';
import { SessionAuthenticator } from './session-authenticator';
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
    MemberGuard,
    OptionalMemberGuard,
    AdminGuard,
    RateLimitGuard,
    CaptchaService,
    { provide: APP_GUARD, useClass: CsrfGuard },
    { provide: APP_INTERCEPTOR, useClass: UnauthenticatedCookieInterceptor },
    { provide: APP_INTERCEPTOR, useClass: ForgetAfterWriteInterceptor },
  ],
  exports: [
    SessionAuthenticator,
    MemberGuard,
    OptionalMemberGuard,
    AdminGuard,
    RateLimitGuard,
    CaptchaService,
  ],
})
export class AuthModule implements NestModule {
  constructor(@Inject(BFF_CONFIG) private readonly config: BffConfig) {}

  configure(consumer: MiddlewareConsumer): void {
    consumer
      .apply(cookieParser(), issueCsrfCookie(this.config.NODE_ENV === 'production'))
      .forRoutes('*path');
  }
}
