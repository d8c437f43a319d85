import { configProblems as problems } from '../../test/support/config-problems';
import { loadConfig } from '@upright/platform';
import { bffConfigSchema } from './config';

describe('BFF auth configuration', () => {
  it('needs the cookie key and captcha secret in production only', () => {
    expect(problems({ NODE_ENV: 'production' })).toEqual([
      'SESSION_COOKIE_KEY: is required in production',
      'CAPTCHA_HMAC_SECRET: is required in production',
    ]);
    expect(problems({ NODE_ENV: 'development' })).toEqual([]);
  });

  it('refuses a cookie key that is not 32 bytes and a malformed rate limit', () => {
    expect(
      problems({
        SESSION_COOKIE_KEY: Buffer.alloc(16).toString('base64'),
        RATE_LIMIT_SIGNIN: 'ten per minute',
      }),
    ).toEqual([
      'SESSION_COOKIE_KEY: must be 32 bytes in base64 (openssl rand -base64 32)',
      'RATE_LIMIT_SIGNIN: must look like 10/60 (requests/seconds)',
    ]);
  });

  it('reads rate limits as points per seconds', () => {
    const config = loadConfig(bffConfigSchema, { HTTP_PORT: '8080', RATE_LIMIT_RESET: '3/30' });
    expect(config.RATE_LIMIT_RESET).toEqual({ points: 3, seconds: 30 });
    expect(config.RATE_LIMIT_SIGNIN).toEqual({ points: 10, seconds: 60 });
  });
});
