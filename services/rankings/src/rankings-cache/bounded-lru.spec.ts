import { BoundedLru } from './bounded-lru';

describe('BoundedLru', () => {
  it('evicts the least recently used entry beyond its size', () => {
    const lru = new BoundedLru<string, number>(2, 1000);
    lru.set('a', 1);
    lru.set('b', 2);
    expect(lru.get('a')).toBe(1); // a is now more recent than b
    lru.set('c', 3);
    expect(lru.get('b')).toBeUndefined();
    expect(lru.get('a')).toBe(1);
    expect(lru.get('c')).toBe(3);
    expect(lru.size).toBe(2);
  });

  it('forgets entries older than the TTL', () => {
    let now = 0;
    const lru = new BoundedLru<string, number>(10, 100, () => now);
    lru.set('a', 1);
    now = 99;
    expect(lru.get('a')).toBe(1);
    now = 100;
    expect(lru.get('a')).toBeUndefined();
    expect(lru.size).toBe(0);
  });

  it('refuses a size below one', () => {
    expect(() => new BoundedLru(0, 1000)).toThrow(RangeError);
  });
});
