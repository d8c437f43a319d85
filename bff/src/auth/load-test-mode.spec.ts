import { configProblems as problems } from '../../test/support/config-problems';
import { loadConfig } from '@upright/platform';
import { bffConfigSchema } from '../config/config';
import { parseClientRanges } from '../config/load-test-config';
import { LoadTestMode, tokenMatches } from './load-test-mode';

const TOKEN = 'a-load-test-token-of-at-least-32-characters';

function mode(env: Record<string, string>): LoadTestMode {
  return new LoadTestMode(loadConfig(bffConfigSchema, { HTTP_PORT: '8080', ...env }));
}

describe('parseClientRanges', () => {
  it('reads ranges and bare addresses (their own /32 or /128), IPv4 and IPv6', () => {
    expect(parseClientRanges(' 10.0.0.0/8, 127.0.0.1 ,2001:db8::/48,::1')).toEqual([
      { network: '10.0.0.0', prefix: 8, family: 'ipv4' },
      { network: '127.0.0.1', prefix: 32, family: 'ipv4' },
      { network: '2001:db8::', prefix: 48, family: 'ipv6' },
      { network: '::1', prefix: 128, family: 'ipv6' },
    ]);
    expect(parseClientRanges('')).toEqual([]);
  });

  it.each([
    ['10.0.0.0/33', '"10.0.0.0/33" is not an address or CIDR range'],
    ['2001:db8::/129', '"2001:db8::/129" is not an address or CIDR range'],
    ['10.0.0/8', '"10.0.0/8" is not an address or CIDR range'],
    ['10.0.0.0/8/8', '"10.0.0.0/8/8" is not an address or CIDR range'],
    ['10.0.0.0/', '"10.0.0.0/" is not an address or CIDR range'],
    ['k6.example.com', '"k6.example.com" is not an address or CIDR range'],
    ['0.0.0.0/0', '"0.0.0.0/0" would exempt every client'],
    ['::/0', '"::/0" would exempt every client'],
  ])('refuses %s', (text, message) => {
    expect(parseClientRanges(`127.0.0.1,${text}`)).toEqual(expect.stringContaining(message));
  });
});

describe('tokenMatches', () => {
  it('accepts the token only, exactly', () => {
    expect(tokenMatches(TOKEN, TOKEN)).toBe(true);
    expect(tokenMatches(TOKEN, `${TOKEN}x`)).toBe(false);
    expect(tokenMatches(TOKEN, TOKEN.slice(1))).toBe(false);
    expect(tokenMatches(TOKEN, '')).toBe(false);
    expect(tokenMatches(TOKEN, undefined)).toBe(false);
    // A repeated header arrives as a list: never a match.
    expect(tokenMatches(TOKEN, [TOKEN, TOKEN])).toBe(false);
  });
});

describe('load-test mode', () => {
  it('is off by default: no address and no header is exempt', () => {
    const off = mode({});
    expect(off.enabled).toBe(false);
    expect(off.exempts('127.0.0.1', {})).toBe(false);
    expect(off.exempts('127.0.0.1', { 'x-load-test': '' })).toBe(false);
    expect(off.exempts('127.0.0.1', { 'x-load-test': 'undefined' })).toBe(false);
  });

  it('exempts addresses in LOAD_TEST_CLIENTS, IPv4-mapped IPv6 included', () => {
    const on = mode({ LOAD_TEST_CLIENTS: '10.0.0.0/8,127.0.0.1,2001:db8::/48' });
    expect(on.enabled).toBe(true);
    expect(on.exempts('10.200.3.4', {})).toBe(true);
    expect(on.exempts('::ffff:127.0.0.1', {})).toBe(true);
    expect(on.exempts('2001:db8:0:ffff::1', {})).toBe(true);
    expect(on.exempts('11.0.0.1', {})).toBe(false);
    expect(on.exempts('127.0.0.2', {})).toBe(false);
    expect(on.exempts('2001:db8:1::1', {})).toBe(false);
    expect(on.exempts('unknown', {})).toBe(false);
    expect(on.exempts(undefined, {})).toBe(false);
  });

  it('exempts a request carrying LOAD_TEST_TOKEN in X-Load-Test, from any address', () => {
    const on = mode({ LOAD_TEST_TOKEN: TOKEN });
    expect(on.enabled).toBe(true);
    expect(on.exempts('203.0.113.7', { 'x-load-test': TOKEN })).toBe(true);
    expect(on.exempts('203.0.113.7', { 'x-load-test': 'guess' })).toBe(false);
    expect(on.exempts('203.0.113.7', {})).toBe(false);
  });

  it('warns with what is exempt, never with the token', () => {
    const warning = mode({ LOAD_TEST_CLIENTS: '10.0.0.0/8', LOAD_TEST_TOKEN: TOKEN }).warning();
    expect(warning).toContain('LOAD-TEST MODE IS ON');
    expect(warning).toContain('clients in LOAD_TEST_CLIENTS (10.0.0.0/8)');
    expect(warning).toContain('X-Load-Test token');
    expect(warning).toContain('Per-account password budgets still apply');
    expect(warning).not.toContain(TOKEN);
  });

  it('refuses to start on a bad range or a short token, naming the variable', () => {
    expect(problems({ LOAD_TEST_CLIENTS: '10.0.0.0/8,10.0.0.300' })).toEqual([
      'LOAD_TEST_CLIENTS: "10.0.0.300" is not an address or CIDR range (e.g. 10.0.0.0/8,127.0.0.1)',
    ]);
    expect(problems({ LOAD_TEST_TOKEN: 'short' })).toEqual([
      'LOAD_TEST_TOKEN: must be at least 32 characters (openssl rand -hex 32)',
    ]);
  });
});
