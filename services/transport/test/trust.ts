/** Test identities and keys; no platform imports, so the replica fixture (run by tsx) can use it. */
import { derivePairSecret, type TransportPolicy, type TrustOptions } from '../src';

/** The test client is `client`; servers are named after the services whose streams they read. */
const TEST_IDENTITIES = ['client', 'accounts', 'rankings', 'reports', 'search', 'mail'];

/**
 * Lets `client` call anything and emit anything to every service; `*.sealed` patterns are sealed;
 * `*.once` patterns are writes without an idempotency key (run at most once); `*.read` patterns
 * only read (checked for replay with their reply).
 */
export const testPolicy: TransportPolicy = {
  callersOf: () => ['client'],
  isSealed: (pattern) => pattern.endsWith('.sealed'),
  emitterOf: () => 'client',
  subscribersOf: () => TEST_IDENTITIES.filter((identity) => identity !== 'client'),
  mayRepeat: (pattern) => !pattern.endsWith('.once'),
  onlyReads: (pattern) => pattern.endsWith('.read'),
};

/** Pair keys of `identity` with every test identity, derived from one test secret. */
export function testTrust(identity: string, policy: TransportPolicy = testPolicy): TrustOptions {
  const keys = Object.fromEntries(
    TEST_IDENTITIES.map((peer) => [peer, derivePairSecret('transport-tests', identity, peer)]),
  );
  return { identity, keys, policy };
}
