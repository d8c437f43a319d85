import { csrfTokenMatches } from './csrf';

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
