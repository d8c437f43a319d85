import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { BlockList, isIPv4, isIPv6 } from 'node:net';
import type { LoadTestConfig } from '../config/load-test-config';

/**
 * Load-test mode: an operator lets named load generators past the per-address
 * budgets (API, sign-in, sign-up, reset, contact, captcha, analytics) so that one k6 machine
 * measures the site, not the limiter. Off unless LOAD_TEST_CLIENTS or LOAD_TEST_TOKEN is set.
 * Per-account password budgets stay: they protect members, whoever sends the guesses.
 */

/** Header a load generator proves itself with when its address cannot be named (NAT, cloud). */
export const LOAD_TEST_HEADER = 'x-load-test';

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
