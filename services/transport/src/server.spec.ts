import { testTrust } from '../test/trust';
import { RedisStreamsServer } from './server';

describe('RedisStreamsServer handler lookup', () => {
  // Nothing connects until listen(): finding a handler needs no Redis.
  const server = new RedisStreamsServer({
    redisUrl: 'redis://127.0.0.1:1',
    keyPrefix: 'unit-routes',
    service: 'rankings',
    trust: testTrust('rankings'),
  });
  const detail = jest.fn();
  const byObject = jest.fn();
  server.addHandler('rankings.companies.detail', detail);
  server.addHandler({ cmd: 'detail', market: 'us' }, byObject);

  it('finds a plain dotted pattern without trying it as JSON (Nest threw and caught per message)', () => {
    const parse = jest.spyOn(JSON, 'parse');
    try {
      expect(server.getHandlerByPattern('rankings.companies.detail')).toBe(detail);
      expect(server.getHandlerByPattern('rankings.companies.unknown')).toBeNull();
      expect(parse).not.toHaveBeenCalled();
    } finally {
      parse.mockRestore();
    }
  });

  it('still finds a pattern written as a JSON object, whatever the order of its keys', () => {
    expect(server.getHandlerByPattern('{"market":"us","cmd":"detail"}')).toBe(byObject);
    expect(server.getHandlerByPattern('{"cmd":"detail","market":"us"}')).toBe(byObject);
  });
});
