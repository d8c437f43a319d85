import { randomBytes } from 'node:crypto';
import { csrfTokenMatches, CsrfTokens } from './csrf';
import { csrfCookieName, sessionCookieName } from './session-cookie';
import { isBearerAuthorization } from './session-authenticator';

describe('CSRF double submit', () => {
  const token = 'aGVsbG8tY3NyZi10b2tlbi0xMjM0NTY3OA';

  it('matches only the same token', () => {
    expect(csrfTokenMatches(token, token)).toBe(true);
    expect(csrfTokenMatches(token, `${token}x`)).toBe(false);
    expect(csrfTokenMatches(token, token.replace('a', 'b'))).toBe(false);
  });

  it('refuses missing, short or non-string values', () => {
    expect(csrfTokenMatches(undefined, token)).toBe(false);
    expect(csrfTokenMatches(token, undefined)).toBe(false);
    expect(csrfTokenMatches('short', 'short')).toBe(false);
    expect(csrfTokenMatches(token, [token])).toBe(false);
  });
});

describe('which Authorization header replaces the session cookie', () => {
  it('is only the Bearer scheme, in any case', () => {
    expect(isBearerAuthorization('Bearer abc')).toBe(true);
    expect(isBearerAuthorization('bearer abc')).toBe(true);
  });

  it('is not Basic (ReactiveSearch sends it on every call) nor a missing header', () => {
    expect(isBearerAuthorization('Basic dXNlcjpwYXNz')).toBe(false);
    expect(isBearerAuthorization('Bearerabc')).toBe(false);
    expect(isBearerAuthorization(undefined)).toBe(false);
  });
});

describe('session-bound CSRF tokens', () => {
  const tokens = new CsrfTokens(randomBytes(32));

  it('accept a token for the binding it was issued for only', () => {
    const token = tokens.issue('session-a');
    expect(tokens.verify(token, 'session-a')).toBe(true);
    expect(tokens.verify(token, 'session-b')).toBe(false);
    expect(tokens.verify(token, null)).toBe(false);
    const visitor = tokens.issue(null);
    expect(tokens.verify(visitor, null)).toBe(true);
    expect(tokens.verify(visitor, 'session-a')).toBe(false);
  });

  it('refuse a token of another key, a changed nonce or a malformed one', () => {
    const token = tokens.issue('s');
    expect(new CsrfTokens(randomBytes(32)).verify(token, 's')).toBe(false);
    const [nonce, mac] = token.split('.');
    expect(tokens.verify(`${nonce}x.${mac}`, 's')).toBe(false);
    expect(tokens.verify(`${token}.extra`, 's')).toBe(false);
    expect(tokens.verify(nonce, 's')).toBe(false);
  });
});

describe('cookie names', () => {
  it('carry the __Host- prefix in production only', () => {
    expect(sessionCookieName(true)).toBe('__Host-upright_session');
    expect(csrfCookieName(true)).toBe('__Host-upright_csrf');
    expect(sessionCookieName(false)).toBe('upright_session');
    expect(csrfCookieName(false)).toBe('upright_csrf');
  });
});
