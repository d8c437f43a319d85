import { isIPv4, isIPv6 } from 'node:net';
import { z } from 'zod';

/**
 * Load-test mode's variables (auth/load-test-mode.ts uses them): the load generators an operator
 * lets past the per-address budgets, by address range or by a shared token.
 */

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
