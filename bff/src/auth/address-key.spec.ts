import { addressKey, UNREADABLE_ADDRESS } from './address-key';

describe('addressKey', () => {
  it('keeps an IPv4 address as it is', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey(' 203.0.113.7 ')).toBe('203.0.113.7');
  });

  it('reads IPv4 written as IPv6 as IPv4, dotted or in hex', () => {
    expect(addressKey('::ffff:1.2.3.4')).toBe('1.2.3.4');
    expect(addressKey('::FFFF:1.2.3.4')).toBe('1.2.3.4');
    expect(addressKey('::ffff:102:304')).toBe('1.2.3.4');
    expect(addressKey('0:0:0:0:0:ffff:cb00:7107')).toBe('203.0.113.7');
  });

  it('keys IPv6 by its /64, however it is written', () => {
    const key = '2001:db8:1:2::/64';
    expect(addressKey('2001:db8:1:2::a')).toBe(key);
    expect(addressKey('2001:db8:1:2:ffff:ffff:ffff:ffff')).toBe(key);
    expect(addressKey('2001:0DB8:0001:0002:0000:0000:0000:0001')).toBe(key);
    expect(addressKey('2001:db8:1:2:0:0:1.2.3.4')).toBe(key);
    expect(addressKey('2001:db8:1:3::a')).toBe('2001:db8:1:3::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
  });

  it('drops zone ids, brackets and ports', () => {
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressKey('[2001:db8:1:2::a]:443')).toBe('2001:db8:1:2::/64');
    expect(addressKey('[2001:db8:1:2::a]')).toBe('2001:db8:1:2::/64');
    expect(addressKey('203.0.113.7:51234')).toBe('203.0.113.7');
  });

  it.each(['', 'unknown', 'not an address', '1.2.3', '01.2.3.4', '1::2::3', '2001:db8::g', '[::1'])(
    'puts the unreadable %p under one shared key',
    (garbage) => {
      expect(addressKey(garbage)).toBe(UNREADABLE_ADDRESS);
    },
  );
});
