import { csrfTokenMatches } from './csrf';
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
