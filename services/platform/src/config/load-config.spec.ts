import { z } from 'zod';
import { commonConfigSchema, databaseConfigSchema } from './common-schema';
import { ConfigError, loadConfig } from './load-config';

const schema = commonConfigSchema.extend(databaseConfigSchema.shape);

describe('loadConfig', () => {
  it('applies defaults and coerces numbers', () => {
    const config = loadConfig(schema, {
      HTTP_PORT: '8082',
      DATABASE_URL: 'postgres://u@127.0.0.1:5432/db',
    });
    expect(config.HTTP_PORT).toBe(8082);
    expect(config.REDIS_URL).toBe('redis://127.0.0.1:6379');
    expect(config.REQUEST_DEADLINE_MS).toBe(5000);
    expect(config.TRANSPORT_CONCURRENCY).toBe(32);
  });

  it('names every bad variable and never echoes a value', () => {
    const secret = 'mysql://admin:hunter2@db/x';
    let error: unknown;
    try {
      loadConfig(schema, { HTTP_PORT: 'eighty', DATABASE_URL: secret, REDIS_URL: 'http://x' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as ConfigError).message;
    expect(message).toMatch(/HTTP_PORT/);
    expect(message).toMatch(/DATABASE_URL: must be a URL starting with postgres:/);
    expect(message).toMatch(/REDIS_URL/);
    expect(message).not.toContain('hunter2');
    expect((error as ConfigError).problems).toHaveLength(3);
  });

  it('reports a missing required variable', () => {
    expect(() => loadConfig(z.object({ SMTP_URL: z.string() }), {})).toThrow(/SMTP_URL/);
  });

  it('requires TLS to Redis in production, naming REDIS_URL', () => {
    const production = { HTTP_PORT: '8082', NODE_ENV: 'production', DATABASE_URL: 'postgres://x' };
    expect(() => loadConfig(schema, { ...production, REDIS_URL: 'redis://r:6379' })).toThrow(
      /REDIS_URL: must start with rediss:\/\/ \(TLS\) when NODE_ENV is production/,
    );
    expect(loadConfig(schema, { ...production, REDIS_URL: 'rediss://r:6379' }).REDIS_URL).toBe(
      'rediss://r:6379',
    );
    // Outside production a local Redis without TLS is fine.
    expect(() =>
      loadConfig(schema, { ...production, NODE_ENV: 'test', REDIS_URL: 'redis://r:6379' }),
    ).not.toThrow();
  });

  it('checks TRANSPORT_KEYS, naming the variable and the peer, never the key', () => {
    const key = Buffer.alloc(32, 9).toString('base64');
    const base = { HTTP_PORT: '8082', DATABASE_URL: 'postgres://x' };
    expect(loadConfig(schema, { ...base, TRANSPORT_KEYS: `bff=${key}` }).TRANSPORT_KEYS).toBe(
      `bff=${key}`,
    );
    expect(() => loadConfig(schema, { ...base, TRANSPORT_KEYS: 'bff=c2hvcnQ=' })).toThrow(
      /TRANSPORT_KEYS: the key for "bff" must be at least 32 bytes/,
    );
  });
});
