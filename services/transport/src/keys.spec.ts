import { DEFAULT_KEY_PREFIX, groupOf, keySpace } from './keys';

describe('keySpace', () => {
  it('lays out every key under the prefix', () => {
    const keys = keySpace('t1');
    expect(keys.requestStream('rankings')).toBe('t1:rpc:rankings');
    expect(keys.replyStream('bff', 'abc')).toBe('t1:reply:bff:abc');
    expect(keys.eventStream('rankings.industry-data.changed')).toBe(
      't1:evt:rankings.industry-data.changed',
    );
    expect(keys.replicas('rankings')).toBe('t1:replicas:rankings');
    expect(keys.seenRequest('accounts', 'bff', 'r1')).toBe('t1:accounts:seen:bff:r1');
  });

  it('defaults to the upright prefix', () => {
    expect(DEFAULT_KEY_PREFIX).toBe('upright');
    expect(keySpace().requestStream('accounts')).toBe('upright:rpc:accounts');
  });

  it('rejects prefixes that would make ambiguous keys', () => {
    expect(() => keySpace('')).toThrow();
    expect(() => keySpace('a b')).toThrow();
  });

  it('names the consumer group after the service', () => {
    expect(groupOf('reports')).toBe('reports');
  });
});
