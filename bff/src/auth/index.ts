/** What other BFF features use (agreements: guards, decorator, member type). */
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
export { CsrfExempt, CsrfIssuer } from './csrf';
