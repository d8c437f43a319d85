import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { BlockList, isIPv4, isIPv6 } from 'node:net';
import { z } from 'zod';

/**
 * Load-test mode: an operator lets named load generators past the per-address
 * budgets (API, sign-in, sign-up, reset, contact, captcha, analytics) so that one k6 machine
 * measures the site, not the limiter. Off unless LOAD_TEST_CLIENTS or LOAD_TEST_TOKEN is set.
 * Per-account password budgets stay: they protect members, whoever sends the guesses.
 */

/** Header a load generator proves itself with when its address cannot be named (NAT, cloud). */
export const LOAD_TEST_HEADER = 'x-load-test';

export interface ClientRange {
  network: string;
  prefix: number;
  family: 'ipv4' | 'ipv6';
}

/**
 * `10.0.0.0/8,127.0.0.1,2001:db8::/48` → ranges (a bare address is its own /32 or /128);
 * a string naming the first bad entry when one is not an address or range.
 */
export function parseClientRanges(text: string): ClientRange[] | string {
  const ranges: ClientRange[] = [];
  for (const entry of text.split(',').map((part) => part.trim())) {
    if (entry === '') continue;
    const match = /^([^/]+)(?:\/(\d{1,3}))?$/.exec(entry);
    const network = match?.[1] ?? '';
    const family = isIPv4(network) ? 'ipv4' : isIPv6(network) ? 'ipv6' : undefined;
    const widest = family === 'ipv4' ? 32 : 128;
    const prefix = match?.[2] === undefined ? widest : Number(match[2]);
    if (family === undefined || prefix > widest) {
      return `"${entry}" is not an address or CIDR range (e.g. 10.0.0.0/8,127.0.0.1)`;
    }
    // /0 would exempt every client: that is raising the RATE_LIMIT_* variables, said openly.
    if (prefix === 0) return `"${entry}" would exempt every client`;
    ranges.push({ network, prefix, family });
  }
  return ranges;
}

/** The variables of the mode, merged into bffConfigSchema (both off by default). */
export const loadTestConfigShape = {
  LOAD_TEST_CLIENTS: z
    .string()
    .default('')
    .transform((text, context) => {
      const ranges = parseClientRanges(text);
      if (typeof ranges === 'string') {
        context.addIssue({ code: 'custom', message: ranges });
        return z.NEVER;
      }
      return ranges;
    }),
  LOAD_TEST_TOKEN: z
    .string()
    .min(32, 'must be at least 32 characters (openssl rand -hex 32)')
    .optional(),
};

export interface LoadTestConfig {
  LOAD_TEST_CLIENTS: ClientRange[];
  LOAD_TEST_TOKEN?: string;
}

/** Equal-length digests, so neither the token's length nor its prefix leaks through timing. */
export function tokenMatches(expected: string, given: string | string[] | undefined): boolean {
  if (typeof given !== 'string') return false;
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(expected), digest(given));
}

const CHECKED_ADDRESSES = 10_000;

export class LoadTestMode {
  private readonly clients = new BlockList();
  /**
   * Addresses already checked: BlockList#check builds a SocketAddress per call, which cost a
   * kept answer ~5 % of its time. Bounded: forgotten at once when full.
   */
  private readonly checked = new Map<string, boolean>();

  constructor(private readonly config: LoadTestConfig) {
    for (const range of config.LOAD_TEST_CLIENTS) {
      this.clients.addSubnet(range.network, range.prefix, range.family);
    }
  }

  private listed(address: string): boolean {
    let listed = this.checked.get(address);
    if (listed === undefined) {
      const family = isIPv4(address) ? 'ipv4' : isIPv6(address) ? 'ipv6' : undefined;
      listed = family !== undefined && this.clients.check(address, family);
      if (this.checked.size >= CHECKED_ADDRESSES) this.checked.clear();
      this.checked.set(address, listed);
    }
    return listed;
  }

  get enabled(): boolean {
    return this.config.LOAD_TEST_CLIENTS.length > 0 || this.config.LOAD_TEST_TOKEN !== undefined;
  }

  /**
   * Whether a request skips the per-address budgets: its client address (as the limiters work
   * it out, `::ffff:`-mapped IPv4 included) is in LOAD_TEST_CLIENTS, or it carries the token.
   */
  exempts(address: string | undefined, headers: IncomingHttpHeaders): boolean {
    if (address !== undefined && this.listed(address)) return true;
    const token = this.config.LOAD_TEST_TOKEN;
    return token !== undefined && tokenMatches(token, headers[LOAD_TEST_HEADER]);
  }

  /** The start-up warning: what is exempt, never the token. */
  warning(): string {
    const { LOAD_TEST_CLIENTS: ranges, LOAD_TEST_TOKEN: token } = this.config;
    const exempt = [];
    if (ranges.length > 0) {
      const list = ranges.map((range) => `${range.network}/${range.prefix}`).join(', ');
      exempt.push(`clients in LOAD_TEST_CLIENTS (${list})`);
    }
    if (token !== undefined) exempt.push('requests with the X-Load-Test token (LOAD_TEST_TOKEN)');
    return (
      `LOAD-TEST MODE IS ON: per-address rate limits (API, sign-in, sign-up, reset, contact, ` +
      `captcha, analytics) do not apply to ${exempt.join(' or ')}. Per-account password budgets ` +
      `still apply. Unset LOAD_TEST_CLIENTS and LOAD_TEST_TOKEN when the load test is over.`
    );
  }
}
