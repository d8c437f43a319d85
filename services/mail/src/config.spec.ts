import { loadConfig } from '@upright/platform';
import { mailConfigSchema } from './config';

const valid = {
  HTTP_PORT: '8084',
  SMTP_URL: 'smtp://127.0.0.1:1025',
  MAIL_FROM: 'no-reply@upright.example',
  CONTACT_INBOX: 'contact@upright.example',
};

describe('mailConfigSchema', () => {
  it('fills the defaults', () => {
    expect(loadConfig(mailConfigSchema, valid)).toMatchObject({
      PRODUCT_NAME: 'Upright',
      PUBLIC_URL: 'http://localhost:8080',
      QUEUE_PREFIX: 'upright',
      MAIL_CONCURRENCY: 5,
      MAIL_LOCK_DURATION_MS: 10_000,
      MAIL_RECIPIENT_BUDGET: 10,
      MAIL_RECIPIENT_WINDOW_HOURS: 24,
    });
  });

  it('refuses a recipient budget or window that is not a positive whole number', () => {
    for (const [name, value] of [
      ['MAIL_RECIPIENT_BUDGET', '0'],
      ['MAIL_RECIPIENT_BUDGET', 'many'],
      ['MAIL_RECIPIENT_WINDOW_HOURS', '1.5'],
      ['MAIL_RECIPIENT_WINDOW_HOURS', '169'],
    ]) {
      expect(() => loadConfig(mailConfigSchema, { ...valid, [name!]: value })).toThrow(
        new RegExp(name!),
      );
    }
  });

  it('names a missing or wrong SMTP_URL without echoing it', () => {
    expect(() => loadConfig(mailConfigSchema, { ...valid, SMTP_URL: undefined })).toThrow(
      /SMTP_URL/,
    );
    const attempt = () =>
      loadConfig(mailConfigSchema, { ...valid, SMTP_URL: 'http://user:hunter2@mail' });
    expect(attempt).toThrow(/SMTP_URL: must be a URL starting with smtp:\/\/ or smtps:\/\//);
    expect(attempt).not.toThrow(/hunter2/);
  });

  it('refuses addresses that are not addresses and a PUBLIC_URL that is not http', () => {
    expect(() => loadConfig(mailConfigSchema, { ...valid, MAIL_FROM: 'nobody' })).toThrow(
      /MAIL_FROM/,
    );
    expect(() => loadConfig(mailConfigSchema, { ...valid, PUBLIC_URL: 'ftp://x' })).toThrow(
      /PUBLIC_URL/,
    );
  });

  it('drops a trailing slash from PUBLIC_URL, so links have exactly one', () => {
    const config = loadConfig(mailConfigSchema, {
      ...valid,
      PUBLIC_URL: 'https://upright.example/',
    });
    expect(config.PUBLIC_URL).toBe('https://upright.example');
  });
});
