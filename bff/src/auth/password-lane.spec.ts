import { EventEmitter } from 'node:events';
import { HttpException, type ExecutionContext } from '@nestjs/common';
import { Metrics } from '@upright/platform';
import type { BffConfig } from '../config/config';
import { PasswordLane, PasswordLaneGuard } from './password-lane';

/** A response as the guard uses it: headers set, and `close` once it has ended. */
class FakeResponse extends EventEmitter {
  readonly headers: Record<string, string> = {};
  setHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
}

function call(body: unknown) {
  const response = new FakeResponse();
  const context = {
    switchToHttp: () => ({ getRequest: () => ({ body }), getResponse: () => response }),
  } as unknown as ExecutionContext;
  return { context, response };
}

describe('PasswordLaneGuard', () => {
  const metrics = new Metrics('bff');
  const lane = new PasswordLane({ PASSWORD_REQUESTS_IN_FLIGHT: 1 } as BffConfig, metrics);
  const guard = new PasswordLaneGuard(lane);

  it('admits one request with a password, refuses the next at once, and admits again once the first ended', async () => {
    const first = call({ email: 'a@example.org', password: 'correct horse' });
    expect(guard.canActivate(first.context)).toBe(true);

    const second = call({ email: 'b@example.org', password: 'battery staple' });
    let refusal: unknown;
    try {
      guard.canActivate(second.context);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(HttpException);
    expect((refusal as HttpException).getStatus()).toBe(503);
    expect((refusal as HttpException).getResponse()).toEqual({
      error: {
        code: 'service_unavailable',
        message: 'The site is busy. Please try again in 1 second.',
      },
    });
    expect(second.response.headers['retry-after']).toBe('1');

    first.response.emit('close');
    expect(guard.canActivate(call({ password: 'again' }).context)).toBe(true);
    const exported = await metrics.registry.metrics();
    // The process's metrics carry its default labels (service) after the lane.
    const value = (name: string) =>
      new RegExp(`^${name}\\{lane="password"[^}]*\\} (\\d+)$`, 'm').exec(exported)?.[1];
    expect(value('upright_edge_shed_total')).toBe('1');
    expect(value('upright_edge_admitted_total')).toBe('2');
    expect(value('upright_edge_limit')).toBe('1');
  });

  it('lets a request without a password (a verification by the mailed code) through uncounted', () => {
    // The lane is full from the test above.
    expect(guard.canActivate(call({ hash: 'a'.repeat(43) }).context)).toBe(true);
    expect(guard.canActivate(call(undefined).context)).toBe(true);
  });
});
