import { remoteError } from '@upright/platform';
import { withFailureText } from './failure-text';

describe('withFailureText', () => {
  const logger = { error: jest.fn() };

  it('turns an unexpected failure into the given text, keeps expected ones', async () => {
    const text = 'The system encountered an error saving your password. Please try again.';
    await expect(
      withFailureText(text, logger, () => Promise.reject(new Error('connection lost'))),
    ).rejects.toMatchObject({ error: { code: 'service_unavailable', message: text } });
    expect(logger.error).toHaveBeenCalledWith(expect.stringContaining('connection lost'));
    const expected = remoteError('validation_failed', 'hash is not valid', 'hash');
    await expect(withFailureText(text, logger, () => Promise.reject(expected))).rejects.toBe(
      expected,
    );
    await expect(withFailureText(text, logger, async () => 42)).resolves.toBe(42);
  });
});
