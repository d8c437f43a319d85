import { transportPeersOf, transportPolicy, type TransportIdentity } from '@upright/contracts';
import { derivePairSecret, parsePairSecrets, type TrustOptions } from '@upright/transport';
import type { CommonConfig } from '../config/common-schema';
import { ConfigError } from '../config/load-config';

/**
 * Stands in for TRANSPORT_KEYS outside production, so a fresh checkout and the tests run
 * without key files. It is public: development keys authenticate nothing against an attacker,
 * they only make every process go through the same checks as in production.
 */
export const DEVELOPMENT_TRANSPORT_SECRET = 'upright-development-transport-keys';

/**
 * The transport identity of `identity`: its pair keys (TRANSPORT_KEYS, one per peer it
 * exchanges messages with) and the allow-list of `@upright/contracts`. A missing peer key is a
 * configuration error naming the peer; production has no development keys.
 */
export function transportTrust(
  identity: TransportIdentity,
  config: Pick<CommonConfig, 'NODE_ENV' | 'TRANSPORT_KEYS'>,
): TrustOptions {
  const peers = transportPeersOf(identity);
  let keys: Record<string, Buffer>;
  if (config.TRANSPORT_KEYS !== undefined) {
    keys = parsePairSecrets(config.TRANSPORT_KEYS);
  } else if (config.NODE_ENV === 'production' && peers.length > 0) {
    throw new ConfigError(['TRANSPORT_KEYS: required when NODE_ENV is production']);
  } else {
    keys = Object.fromEntries(
      peers.map((peer) => [peer, derivePairSecret(DEVELOPMENT_TRANSPORT_SECRET, identity, peer)]),
    );
  }
  const missing = peers.filter((peer) => !keys[peer]);
  if (missing.length > 0) {
    throw new ConfigError([
      `TRANSPORT_KEYS: no key for ${missing.join(', ')} (${identity} talks to them)`,
    ]);
  }
  return { identity, keys, policy: transportPolicy };
}
