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
});
