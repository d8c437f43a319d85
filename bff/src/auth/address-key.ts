import { isIPv4, isIPv6 } from 'node:net';

/** The one key every address that cannot be read shares, so odd input never mints budgets. */
export const UNREADABLE_ADDRESS = 'unknown';

/**
 * The key a client address is counted and recognised under: an IPv4 address as it
 * is, an IPv6 address by its /64, which is what one subscriber is given (RFC 6177), so the 2^64
 * addresses of one line are one client, as one IPv4 address behind a home router is. IPv4
 * written as IPv6 (`::ffff:1.2.3.4`, how a dual-stack socket reports IPv4 peers) is IPv4.
 * Zone ids, brackets and ports are dropped; anything else unreadable is `UNREADABLE_ADDRESS`.
 */
export function addressKey(address: string): string {
  const bare = withoutDecoration(address.trim());
  if (isIPv4(bare)) return bare;
  if (!isIPv6(bare)) return UNREADABLE_ADDRESS;
  const groups = ipv6Groups(bare);
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return [groups[6] >> 8, groups[6] & 0xff, groups[7] >> 8, groups[7] & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/** `[v6]:port`, `[v6]`, `v4:port` and a zone id (`%eth0`) left as the bare address. */
function withoutDecoration(address: string): string {
  const bracketed = /^\[([^\]]*)\](?::\d+)?$/.exec(address);
  const unbracketed = bracketed?.[1] ?? address.replace(/^(\d+\.\d+\.\d+\.\d+):\d+$/, '$1');
  return unbracketed.replace(/%.*$/, '');
}

/** The eight 16-bit groups of a valid IPv6 address (compressed, or ending in dotted IPv4). */
function ipv6Groups(address: string): number[] {
  const parts = (text: string): number[] =>
    text === ''
      ? []
      : text.split(':').flatMap((part) => {
          if (!part.includes('.')) return [parseInt(part, 16)];
          const [a, b, c, d] = part.split('.').map(Number);
          return [(a << 8) | b, (c << 8) | d];
        });
  const [head, tail] = address.split('::');
  if (tail === undefined) return parts(head);
  const [before, after] = [parts(head), parts(tail)];
  return [...before, ...Array<number>(8 - before.length - after.length).fill(0), ...after];
}
