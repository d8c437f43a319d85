import { RpcException } from '@nestjs/microservices';
import { ERROR_TEXTS } from '@upright/contracts';
import { DeadlineExceededError, ServiceUnavailableError } from '@upright/transport';
import { handlerFailure, remoteFailureOf } from './remote-failure.filter';

describe('what a failed nested call means to the caller', () => {
  it("passes the called service's own error through unchanged", () => {
    const notFound = { code: 'not_found', message: 'Unknown industry', field: 'industry' } as const;
    expect(remoteFailureOf(notFound)).toBe(notFound);
  });

  it('keeps a service that is down a 503 and one that is too slow a 504', () => {
    expect(remoteFailureOf(new ServiceUnavailableError('rankings'))).toEqual({
      code: 'service_unavailable',
      message: ERROR_TEXTS.serviceUnavailable,
    });
    expect(remoteFailureOf(new DeadlineExceededError('rankings.companies.top', 5000))).toEqual({
      code: 'deadline_exceeded',
      message: ERROR_TEXTS.deadlineExceeded,
    });
  });

  it('leaves anything else to Nest (an internal error)', () => {
    expect(remoteFailureOf(new Error('boom'))).toBeNull();
    expect(remoteFailureOf({ code: 'not-a-code', message: 'x' })).toBeNull();
  });
});

describe('handlerFailure (what one request of a batch handler is told of its failure)', () => {
  it('tells what a handler of that request alone would have told', () => {
    const notFound = { code: 'not_found', message: 'Unknown industry', field: 'industry' } as const;
    expect(handlerFailure(new RpcException(notFound))).toEqual({
      payload: notFound,
      expected: true,
    });
    expect(handlerFailure(new ServiceUnavailableError('rankings'))).toEqual({
      payload: { code: 'service_unavailable', message: ERROR_TEXTS.serviceUnavailable },
      expected: true,
    });
  });

  it('reduces anything else to internal, marked unexpected (for the error log)', () => {
    expect(handlerFailure(new Error('relation "secret" does not exist'))).toEqual({
      payload: { code: 'internal', message: 'Internal error' },
      expected: false,
    });
  });
});
