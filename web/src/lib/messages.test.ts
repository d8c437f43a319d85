import { describe, expect, it } from 'vitest';
import { failureText, MESSAGES, rateLimitedText } from './messages';

describe('failure texts (docs/product/spec.md#s8)', () => {
  it('says "technical issues" when the site cannot be reached or a part of it is away', () => {
    expect(MESSAGES.technical).toBe(
      'We are having technical issues. Please give it a minute or two and try again.',
    );
    for (const status of [0, 502, 503, 504]) {
      expect(failureText(status, 'The service is temporarily unavailable.')).toBe(
        MESSAGES.technical,
      );
    }
  });

  it('gives the generic advice for a request that came too soon', () => {
    expect(MESSAGES.generic).toBe('Please wait a few seconds and try again.');
    expect(failureText(429, '')).toBe(MESSAGES.generic);
  });

  it("shows the server's own text for every other failure", () => {
    expect(failureText(400, 'email must be an email address')).toBe(
      'email must be an email address',
    );
    expect(failureText(409, 'taken')).toBe('taken');
    expect(failureText(500, '')).toBe('');
  });

  it('tells the real wait of a refusal from its Retry-After', () => {
    expect(rateLimitedText(null)).toBe(MESSAGES.generic);
    expect(rateLimitedText('15')).toBe(MESSAGES.generic);
    expect(rateLimitedText('soon')).toBe(MESSAGES.generic);
    expect(rateLimitedText('540')).toBe('Please wait 9 minutes and try again.');
  });
});
