import { commonConfigSchema, queueConfigSchema } from '../config/common-schema';
import { ConfigError, loadConfig } from '../config/load-config';
import { bullmqOptions } from './bullmq-options';

const schema = commonConfigSchema.extend(queueConfigSchema.shape);

describe('queue config', () => {
  it('defaults QUEUE_PREFIX to upright and builds the BullMQ options from it', () => {
    const config = loadConfig(schema, { HTTP_PORT: '8085', REDIS_URL: 'redis://cache:6380' });
    expect(config.QUEUE_PREFIX).toBe('upright');
    expect(bullmqOptions(config)).toEqual({
      connection: { url: 'redis://cache:6380' },
      prefix: 'upright',
    });
  });

  it('takes a test prefix as it is', () => {
    const config = loadConfig(schema, { HTTP_PORT: '8085', QUEUE_PREFIX: 'test-mail-1a2b' });
    expect(bullmqOptions(config).prefix).toBe('test-mail-1a2b');
  });

  it.each(['Upright', 'up:right', 'up right', ''])('refuses QUEUE_PREFIX %j', (prefix) => {
    expect(() => loadConfig(schema, { HTTP_PORT: '8085', QUEUE_PREFIX: prefix })).toThrow(
      ConfigError,
    );
    expect(() => loadConfig(schema, { HTTP_PORT: '8085', QUEUE_PREFIX: prefix })).toThrow(
      /QUEUE_PREFIX: must be lowercase letters, digits and hyphens/,
    );
  });
});
