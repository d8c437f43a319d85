import { RpcException } from '@nestjs/microservices';
import { z } from 'zod';
import { fail, parseMessage, withFailureText } from './parse-message';

describe('message helpers', () => {
  const logger = { error: jest.fn() };

  it('names the first bad field of a payload', () => {
    const schema = z.object({ uid: z.uuid('must be a member id') });
    expect(() => parseMessage(schema, { uid: 'x' })).toThrow(RpcException);
    try {
      parseMessage(schema, { uid: 'x' });
    } catch (error) {
      expect((error as RpcException).getError()).toEqual({
        code: 'validation_failed',
        message: 'uid must be a member id',
        field: 'uid',
      });
    }
  });

  it('turns an unexpected failure into the given text, keeps expected ones', async () => {
    const text = 'The system encountered an error saving your password. Please try again.';
    await expect(
      withFailureText(text, logger, () => Promise.reject(new Error('connection lost'))),
    ).rejects.toMatchObject({ error: { code: 'service_unavailable', message: text } });
    expect(logger.error).toHaveBeenCalledWith(expect.stringContaining('connection lost'));
    const expected = fail('validation_failed', 'hash is not valid', 'hash');
    await expect(withFailureText(text, logger, () => Promise.reject(expected))).rejects.toBe(
      expected,
    );
    await expect(withFailureText(text, logger, async () => 42)).resolves.toBe(42);
  });
});
