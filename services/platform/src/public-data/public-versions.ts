import { publicDataKeys, type PublicDataDomain } from '@upright/contracts';

/** The Redis commands used to move versions (ioredis and its pipelines provide them). */
export interface VersionRedis {
  eval(script: string, numberOfKeys: number, ...keysAndArgs: string[]): Promise<unknown>;
}

/** Entries kept on the broadcast stream: readers follow it live, so a short tail is enough. */
export const BROADCAST_STREAM_MAXLEN = 1000;

/**
 * KEYS: each domain's version key, then the broadcast stream; ARGV: now, the stream's length, the
 * domains. A missing version starts at the current time in ms rather than 0: if Redis loses its
 * data, new versions are far above any counter a BFF replica cached answers under, so old bytes
 * can never be taken for new ones. The version keys are declared, so Redis checks each against
 * the caller's ACL user: a producer can move only its own domains' (decision 0072).
 */
const BUMP_VERSIONS = `
local out = {}
local broadcast = KEYS[#KEYS]
for i = 1, #KEYS - 1 do
  if redis.call('SETNX', KEYS[i], ARGV[1]) == 0 then redis.call('INCR', KEYS[i]) end
  local version = redis.call('GET', KEYS[i])
  redis.call('XADD', broadcast, 'MAXLEN', '~', ARGV[2], '*', 'kind', 'version', 'domain', ARGV[i + 2], 'version', version)
  out[#out + 1] = version
end
return out`;

const ANNOUNCE_MEMBER_CHANGE = `
return redis.call('XADD', KEYS[1], 'MAXLEN', '~', ARGV[1], '*', 'kind', 'member-changed', 'uid', ARGV[2])`;

/**
 * Moves the versions of `domains` after the change is committed: every BFF replica stops
 * serving answers made before it (docs/product/rules.md#s11). Returns the new versions.
 */
export async function bumpPublicVersions(
  redis: VersionRedis,
  transportPrefix: string,
  domains: readonly PublicDataDomain[],
): Promise<string[]> {
  const keys = publicDataKeys(transportPrefix);
  const versions = await redis.eval(
    BUMP_VERSIONS,
    domains.length + 1,
    ...domains.map((domain) => keys.version(domain)),
    keys.broadcast,
    String(Date.now()),
    String(BROADCAST_STREAM_MAXLEN),
    ...domains,
  );
  return (versions as unknown[]).map(String);
}

/** Tells every BFF replica to forget the sessions of `uid` it verified (sign-out, priorities, …). */
export async function announceMemberChanged(
  redis: VersionRedis,
  transportPrefix: string,
  uid: string,
): Promise<void> {
  const keys = publicDataKeys(transportPrefix);
  await redis.eval(ANNOUNCE_MEMBER_CHANGE, 1, keys.broadcast, String(BROADCAST_STREAM_MAXLEN), uid);
}
