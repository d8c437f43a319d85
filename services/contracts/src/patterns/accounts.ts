import type {
  AuthResponse,
  Averages,
  CancelDiscontinueResponse,
  CrowdAverages,
  FollowersOfRequest,
  FollowersOfResponse,
  FollowRequest,
  FollowsResponse,
  DiscontinueBody,
  DiscontinueResponse,
  MessageRequest,
  PrioritiesBody,
  PrioritiesResponse,
  PrioritiesSaved,
  ResetPasswordRequest,
  ResetRequest,
  SessionMember,
  Settings,
  SettingsBody,
  SettingsSaved,
  SigninRequest,
  SignupRequest,
  UnsubscribeRequest,
  User,
  VerifyRequest,
} from '../dto';
import type { CallersOf, EffectsOf } from '../services';

/**
 * Accounts answers every account call of docs/product/spec.md#s7. The member is always named by
 * `uid`, which the BFF takes from the authenticated session only, never from a request body.
 */
export const accountsPatterns = {
  /** The current averages of docs/product/rules.md#s4. */
  averages: 'accounts.averages.get',
  /** The published averages with their member count, date and history. */
  averagesHistory: 'accounts.averages.history',
  /** The member's followed companies. */
  follows: 'accounts.follows.list',
  follow: 'accounts.follows.add',
  unfollow: 'accounts.follows.remove',
  /**
   * The editors' desk preview (decision 0077 §4): how many members a rank alert about any of
   * these companies would reach now, by the rank-alerts worker's conditions.
   */
  followersOf: 'accounts.follows.followers-of',
  /** Creates a member and a session; `conflict` when the email is taken (any case). */
  signup: 'accounts.registration.signup',
  /** `unauthenticated` with the docs/product/spec.md#s8 text on a wrong email or password. */
  signin: 'accounts.registration.signin',
  /** Revokes the session of this token (no error when it is unknown). */
  signout: 'accounts.sessions.signout',
  /** The member behind a bearer token; `unauthenticated` when unknown, expired or revoked. */
  authenticate: 'accounts.sessions.authenticate',
  verify: 'accounts.registration.verify',
  user: 'accounts.user.get',
  /** Enqueues the welcome mail unless it was sent (idempotent). */
  welcome: 'accounts.members.welcome',
  priorities: 'accounts.priorities.get',
  savePriorities: 'accounts.priorities.put',
  settings: 'accounts.settings.get',
  saveSettings: 'accounts.settings.put',
  discontinue: 'accounts.discontinue.request',
  cancelDiscontinue: 'accounts.discontinue.cancel',
  unsubscribe: 'accounts.newsletter.unsubscribe',
  /** Contact form: enqueues a `contact` mail. */
  message: 'accounts.contact.send',
  /** Enqueues a reset mail when the email belongs to a member; the same answer either way. */
  requestReset: 'accounts.reset.request',
  validateResetHash: 'accounts.reset.validate',
  resetPassword: 'accounts.reset.save',
} as const;

/**
 * Member-scoped calls trust the `uid` in the payload, so only the BFF (which takes it from the
 * authenticated session) may send them; rankings reads the averages.
 */
export const accountsCallers: CallersOf<typeof accountsPatterns> = {
  averages: ['bff', 'rankings'],
  averagesHistory: ['bff'],
  follows: ['bff'],
  follow: ['bff'],
  unfollow: ['bff'],
  followersOf: ['bff'],
  signup: ['bff'],
  signin: ['bff'],
  signout: ['bff'],
  authenticate: ['bff'],
  verify: ['bff'],
  user: ['bff'],
  welcome: ['bff'],
  priorities: ['bff'],
  savePriorities: ['bff'],
  settings: ['bff'],
  saveSettings: ['bff'],
  discontinue: ['bff'],
  cancelDiscontinue: ['bff'],
  unsubscribe: ['bff'],
  message: ['bff'],
  requestReset: ['bff'],
  validateResetHash: ['bff'],
  resetPassword: ['bff'],
};

/** What repeating each pattern does: reads may be retried and re-run (decision 0051). */
export const accountsEffects: EffectsOf<typeof accountsPatterns> = {
  averages: 'read',
  averagesHistory: 'read',
  follows: 'read',
  follow: 'write',
  unfollow: 'write',
  followersOf: 'read',
  signup: 'write',
  signin: 'write',
  signout: 'write',
  authenticate: 'read',
  verify: 'write',
  user: 'read',
  welcome: 'write',
  priorities: 'read',
  savePriorities: 'write',
  settings: 'read',
  saveSettings: 'write',
  discontinue: 'write',
  cancelDiscontinue: 'write',
  unsubscribe: 'write',
  message: 'write',
  requestReset: 'write',
  validateResetHash: 'read',
  resetPassword: 'write',
};

/**
 * Patterns whose request or reply carries a password, a reset or verification code or a
 * session token: encrypted end to end between the BFF and accounts, never readable in Redis.
 */
export const accountsSealed: readonly (keyof typeof accountsPatterns)[] = [
  'signup',
  'signin',
  'signout',
  'authenticate',
  'verify',
  'saveSettings',
  'validateResetHash',
  'resetPassword',
];

type ForMember<T = Record<never, never>> = T & { uid: string };

export interface AccountsRequestMap {
  'accounts.averages.get': { request: Record<string, never>; response: Averages };
  'accounts.averages.history': { request: Record<string, never>; response: CrowdAverages };
  'accounts.follows.list': { request: ForMember; response: FollowsResponse };
  'accounts.follows.add': { request: ForMember<FollowRequest>; response: FollowsResponse };
  'accounts.follows.remove': {
    request: ForMember<{ upright_cid: string }>;
    response: FollowsResponse;
  };
  'accounts.follows.followers-of': { request: FollowersOfRequest; response: FollowersOfResponse };
  'accounts.registration.signup': { request: SignupRequest; response: AuthResponse };
  'accounts.registration.signin': { request: SigninRequest; response: AuthResponse };
  'accounts.sessions.signout': { request: { token: string }; response: { signedOut: true } };
  'accounts.sessions.authenticate': { request: { token: string }; response: SessionMember };
  'accounts.registration.verify': { request: VerifyRequest; response: { user: User } };
  'accounts.user.get': { request: ForMember; response: User };
  'accounts.members.welcome': { request: ForMember; response: { queued: boolean } };
  'accounts.priorities.get': { request: ForMember; response: PrioritiesResponse };
  'accounts.priorities.put': {
    request: ForMember<{ values: PrioritiesBody }>;
    response: PrioritiesSaved;
  };
  'accounts.settings.get': { request: ForMember; response: Settings };
  /** `token`: the caller's own session, kept when a password change revokes the others. */
  'accounts.settings.put': {
    request: ForMember<{ token: string; changes: SettingsBody }>;
    response: SettingsSaved;
  };
  /** `validation_failed` on `password` when it is not the member's. */
  'accounts.discontinue.request': {
    request: ForMember<DiscontinueBody>;
    response: DiscontinueResponse;
  };
  'accounts.discontinue.cancel': { request: ForMember; response: CancelDiscontinueResponse };
  'accounts.newsletter.unsubscribe': {
    request: UnsubscribeRequest;
    response: { unsubscribed: true };
  };
  'accounts.contact.send': { request: MessageRequest; response: { sent: true } };
  'accounts.reset.request': { request: ResetRequest; response: { resetSent: true } };
  'accounts.reset.validate': { request: { hash: string }; response: { hashValid: boolean } };
  /** `uid` and `email`: whose per-account budgets the BFF clears (decision 0019). */
  'accounts.reset.save': {
    request: ResetPasswordRequest;
    response: { success: true; uid: string; email: string };
  };
}
