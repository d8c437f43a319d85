import { stalledIntervalMs } from './mail.worker';
import { messageIdFor } from './message-id';
import { describeFailure, isPermanentSmtpFailure } from './smtp-failure';
import { smtpPoolOptions } from './smtp-options';

describe('messageIdFor', () => {
  it('is stable per job and differs between jobs', () => {
    const id = messageIdFor('welcome_u-1', 'mail@upright.example');
    expect(id).toBe(messageIdFor('welcome_u-1', 'mail@upright.example'));
    expect(id).not.toBe(messageIdFor('welcome_u-2', 'mail@upright.example'));
    expect(id).toMatch(/^<mail\.[0-9a-f]{32}@upright\.example>$/);
  });
});

describe('isPermanentSmtpFailure', () => {
  it('treats 5xx replies as permanent', () => {
    expect(isPermanentSmtpFailure({ responseCode: 550 })).toBe(true);
    expect(isPermanentSmtpFailure({ responseCode: 530, code: 'EENVELOPE' })).toBe(true);
  });

  it('retries 4xx replies, connection errors and anything unknown', () => {
    expect(isPermanentSmtpFailure({ responseCode: 421 })).toBe(false);
    expect(isPermanentSmtpFailure({ code: 'ECONNECTION' })).toBe(false);
    expect(isPermanentSmtpFailure(new Error('boom'))).toBe(false);
    expect(isPermanentSmtpFailure(undefined)).toBe(false);
  });
});

describe('describeFailure', () => {
  it('keeps the code and reply but not the addresses in it', () => {
    const error = Object.assign(new Error('Recipient <ada@example.com> rejected'), {
      code: 'EENVELOPE',
      responseCode: 550,
    });
    expect(describeFailure(error)).toBe('EENVELOPE 550: Recipient <[address]> rejected');
  });

  it('does not repeat a code the message already starts with, and is bounded', () => {
    const error = Object.assign(new Error('ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' });
    expect(describeFailure(error)).toBe('ECONNREFUSED 127.0.0.1:1');
    expect(describeFailure(new Error('x'.repeat(900)))).toHaveLength(500);
  });
});

describe('smtpPoolOptions', () => {
  it('reads host, port and credentials from the URL', () => {
    expect(smtpPoolOptions('smtp://us%40er:p%3Ass@mail.example:2525', 4)).toMatchObject({
      pool: true,
      maxConnections: 4,
      host: 'mail.example',
      port: 2525,
      secure: false,
      auth: { user: 'us@er', pass: 'p:ss' },
    });
  });

  it('uses implicit TLS and port 465 for smtps, no auth without a user', () => {
    const options = smtpPoolOptions('smtps://mail.example', 1);
    expect(options).toMatchObject({ secure: true, port: 465 });
    expect(options.auth).toBeUndefined();
    expect(smtpPoolOptions('smtp://[::1]:25', 1).host).toBe('::1');
  });
});

describe('stalledIntervalMs', () => {
  it('checks five times per lock, so a dead worker’s job is back within 1.4 locks', () => {
    expect(stalledIntervalMs(10_000)).toBe(2000);
    expect(10_000 + 2 * stalledIntervalMs(10_000)).toBe(14_000);
  });

  it('does not check more than twice a second for short locks', () => {
    expect(stalledIntervalMs(1000)).toBe(500);
  });
});
