import { ERROR_TEXTS } from '@upright/contracts';
import { DeadlineExceededError, ServiceUnavailableError } from '@upright/transport';
import { remoteFailureOf } from './remote-failure.filter';

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
