import { RpcException } from '@nestjs/microservices';
import { DeadlineExceededError, ServiceUnavailableError, toRemoteError } from './errors';

describe('toRemoteError', () => {
  it('passes a deliberate RemoteErrorPayload through unchanged', () => {
    const payload = { code: 'not_found' as const, message: 'No such industry', field: 'industry' };
    expect(toRemoteError(new RpcException(payload))).toEqual({ payload, expected: true });
    // Inside Nest the exception filter has already unwrapped the RpcException.
    expect(toRemoteError(payload)).toEqual({ payload, expected: true });
  });

  it('drops properties that are not part of the payload', () => {
    const thrown = { code: 'conflict', message: 'Taken', stack: 'secret' };
    expect(toRemoteError(new RpcException(thrown)).payload).toEqual({
      code: 'conflict',
      message: 'Taken',
    });
  });

  it('reduces anything else to an internal error', () => {
    for (const thrown of [
      new Error('relation "users" does not exist'),
      new RpcException('plain string'),
      { code: 'made_up', message: 'x' },
      { status: 'error', message: 'Internal server error' },
      undefined,
    ]) {
      expect(toRemoteError(thrown)).toEqual({
        payload: { code: 'internal', message: 'Internal error' },
        expected: false,
      });
    }
  });
});

describe('transport errors', () => {
  it('carry what the BFF needs to answer', () => {
    const unavailable = new ServiceUnavailableError('rankings');
    expect(unavailable).toBeInstanceOf(Error);
    expect(unavailable.service).toBe('rankings');
    const late = new DeadlineExceededError('rankings.x', 250);
    expect(late.pattern).toBe('rankings.x');
    expect(late.deadlineMs).toBe(250);
    expect(late.name).toBe('DeadlineExceededError');
  });
});
