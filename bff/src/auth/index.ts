/**
 * The auth library: what BFF features use to know who asks and what they may do (agreements:
 * guards, decorator, member type), and the budgets, CSRF tokens and captcha of their writes.
 */
export type { AuthenticatedMember } from './authenticated-member';
export { CurrentMember } from './current-member.decorator';
export { AdminGuard, AllowDiscontinued, MemberGuard, OptionalMemberGuard } from './guards';
export { AuthModule } from './auth.module';
export { carriesMemberCredentials, SessionAuthenticator } from './session-authenticator';
export {
  accountKeys,
  RateLimit,
  RateLimitGuard,
  RateLimits,
  type LimitedAction,
} from './rate-limit';
export { CaptchaService } from './captcha.service';
export { PasswordLaneGuard } from './password-lane';
export { CsrfExempt, CsrfIssuer } from './csrf';
export { MemberValues } from './member-values';
