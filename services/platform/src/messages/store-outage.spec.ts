import { isStoreOutage } from './store-outage';

describe('isStoreOutage', () => {
  it('recognises a refused or reset socket and a pg server shutting down or starting', () => {
    expect(isStoreOutage(Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isStoreOutage(Object.assign(new Error('x'), { code: '57P01' }))).toBe(true);
    expect(isStoreOutage(new Error('the database system is starting up'))).toBe(true);
    expect(isStoreOutage(new Error('Connection terminated unexpectedly'))).toBe(true);
  });

  it('looks inside the errors Prisma and the driver adapter wrap', () => {
    const adapter = { name: 'DriverAdapterError', cause: { kind: 'ConnectionClosed' } };
    expect(isStoreOutage(adapter)).toBe(true);
    const prisma = Object.assign(new Error('Invalid invocation'), {
      code: 'P2010',
      meta: { driverAdapterError: adapter },
    });
    expect(isStoreOutage(prisma)).toBe(true);
  });

  it('recognises ioredis giving up on a command while Redis is down', () => {
    const error = Object.assign(
      new Error('Reached the max retries per request limit (which is 2).'),
      {
        name: 'MaxRetriesPerRequestError',
      },
    );
    expect(isStoreOutage(error)).toBe(true);
  });

  it('leaves request errors and bugs alone', () => {
    expect(isStoreOutage(Object.assign(new Error('dup'), { code: 'P2002' }))).toBe(false);
    expect(isStoreOutage({ cause: { kind: 'UniqueConstraintViolation' } })).toBe(false);
    expect(isStoreOutage(new TypeError('x is undefined'))).toBe(false);
    expect(isStoreOutage(undefined)).toBe(false);
    const cyclic: Record<string, unknown> = {};
    cyclic.cause = cyclic;
    expect(isStoreOutage(cyclic)).toBe(false);
  });
});
