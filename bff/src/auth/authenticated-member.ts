import type { IssueWeights } from '@upright/contracts';

/** Agreements: what `@CurrentMember()` gives a handler (null for a visitor). */
export interface AuthenticatedMember {
  uid: string;
  email: string;
  role: 'member' | 'admin';
  /** The bearer token of this request (from the cookie or the Authorization header). */
  token: string;
}

/** How the request carried its token: a cookie-borne session needs the CSRF check. */
export type CredentialSource = 'cookie' | 'bearer';

/** What accounts says of the request's session (see SessionAuthenticator). */
export interface RequestSession {
  member: AuthenticatedMember;
  discontinued: boolean;
  /** The member's ranking weights, null unless saved (docs/product/rules.md#s5 rule 7). */
  weights: IssueWeights | null;
}
