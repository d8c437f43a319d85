import { ConfigError, loadConfig } from '@upright/platform';
import { accountsConfigSchema, averagesRule, unsubscribeSecret } from './config';

const base = { HTTP_PORT: '8081', DATABASE_URL: 'postgres://u@127.0.0.1:5432/db' };

describe('accounts configuration', () => {
  it('needs UNSUBSCRIBE_SECRET in production, naming it', () => {
    let error: unknown;
    try {
      loadConfig(accountsConfigSchema, { ...base, NODE_ENV: 'production' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual([
      'UNSUBSCRIBE_SECRET: is required in production',
    ]);
  });

  it('uses the configured secret, else one random secret per process', () => {
    const configured = loadConfig(accountsConfigSchema, {
      ...base,
      UNSUBSCRIBE_SECRET: 's'.repeat(32),
    });
    expect(unsubscribeSecret(configured)).toBe('s'.repeat(32));
    const local = loadConfig(accountsConfigSchema, base);
    expect(unsubscribeSecret(local)).toHaveLength(64);
    expect(unsubscribeSecret(local)).toBe(unsubscribeSecret(local));
    expect(() =>
      loadConfig(accountsConfigSchema, { ...base, UNSUBSCRIBE_SECRET: 'short' }),
    ).toThrow(/UNSUBSCRIBE_SECRET: must be at least 32 characters/);
  });

  it('refuses AVERAGES_MIN_CHANGES below 2 in production (decision 0043)', () => {
    expect(loadConfig(accountsConfigSchema, base).AVERAGES_MIN_CHANGES).toBe(10);
    expect(loadConfig(accountsConfigSchema, { ...base, AVERAGES_MIN_CHANGES: '1' })).toMatchObject({
      AVERAGES_MIN_CHANGES: 1,
    });
    let error: unknown;
    try {
      loadConfig(accountsConfigSchema, {
        ...base,
        NODE_ENV: 'production',
        AVERAGES_MIN_CHANGES: '1',
      });
    } catch (caught) {
      error = caught;
    }
    expect((error as ConfigError).problems).toContain(
      "AVERAGES_MIN_CHANGES: must be at least 2 in production: 1 publishes each member's change alone",
    );
  });

  it("freezes visitors' weights per month in production, and refuses otherwise there (decision 0055)", () => {
    const secret = { UNSUBSCRIBE_SECRET: 'x'.repeat(32) };
    const production = { ...base, ...secret, NODE_ENV: 'production' };
    expect(averagesRule({ NODE_ENV: 'production' })).toBe('monthly');
    expect(averagesRule(loadConfig(accountsConfigSchema, { ...base, NODE_ENV: 'test' }))).toBe(
      'immediate',
    );
    expect(
      averagesRule(
        loadConfig(accountsConfigSchema, { ...base, NODE_ENV: 'test', AVERAGES_RULE: 'monthly' }),
      ),
    ).toBe('monthly');
    let error: unknown;
    try {
      loadConfig(accountsConfigSchema, { ...production, AVERAGES_RULE: 'immediate' });
    } catch (caught) {
      error = caught;
    }
    expect((error as ConfigError).problems).toContain(
      'AVERAGES_RULE: must be monthly in production: a burst of new accounts would move every ranking',
    );
  });

  it('bounds password hashes in flight and waiting, at least one running (decision 0059)', () => {
    expect(loadConfig(accountsConfigSchema, base)).toMatchObject({
      PASSWORD_HASH_CONCURRENCY: 2,
      PASSWORD_HASH_WAITING: 8,
    });
    expect(
      loadConfig(accountsConfigSchema, {
        ...base,
        PASSWORD_HASH_CONCURRENCY: '1',
        PASSWORD_HASH_WAITING: '0',
      }),
    ).toMatchObject({ PASSWORD_HASH_CONCURRENCY: 1, PASSWORD_HASH_WAITING: 0 });
    expect(() =>
      loadConfig(accountsConfigSchema, { ...base, PASSWORD_HASH_CONCURRENCY: '0' }),
    ).toThrow(/PASSWORD_HASH_CONCURRENCY/);
  });

  it('runs password threads below the serving loops by default, at a nice value 0–19 (decision 0065)', () => {
    expect(loadConfig(accountsConfigSchema, base)).toMatchObject({ PASSWORD_WORK_NICE: 10 });
    expect(loadConfig(accountsConfigSchema, { ...base, PASSWORD_WORK_NICE: '0' })).toMatchObject({
      PASSWORD_WORK_NICE: 0,
    });
    for (const wrong of ['-5', '20', 'low']) {
      expect(() =>
        loadConfig(accountsConfigSchema, { ...base, PASSWORD_WORK_NICE: wrong }),
      ).toThrow(/PASSWORD_WORK_NICE/);
    }
  });
});
