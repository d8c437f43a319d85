import type { Request } from 'express';
import type { BffConfig } from '../config/config';
import { VisitorKeys } from './visitor-keys';

const keys = new VisitorKeys({
  SESSION_COOKIE_KEY: Buffer.alloc(32, 7).toString('base64'),
} as BffConfig);
const day = new Date('2026-11-26T12:00:00Z');
const from = (ip: string) => keys.of({ ip } as Request, day);

describe('VisitorKeys', () => {
  it('gives every address of one IPv6 /64 one pseudonym: one line is one distinct searcher', () => {
    expect(from('2001:db8:1:2::a')).toBe(from('2001:db8:1:2:ffff:1:2:3'));
    expect(from('2001:db8:1:2::a')).not.toBe(from('2001:db8:1:3::a'));
  });

  it('gives an IPv4 visitor the same pseudonym on a dual-stack socket as on an IPv4 one', () => {
    expect(from('::ffff:203.0.113.7')).toBe(from('203.0.113.7'));
    expect(from('203.0.113.7')).not.toBe(from('203.0.113.8'));
  });

  it('changes with the UTC day', () => {
    const tomorrow = new Date('2026-11-27T00:00:01Z');
    expect(keys.of({ ip: '203.0.113.7' } as Request, tomorrow)).not.toBe(from('203.0.113.7'));
  });
});
