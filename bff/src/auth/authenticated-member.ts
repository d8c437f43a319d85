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
