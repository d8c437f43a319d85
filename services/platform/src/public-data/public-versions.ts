import { publicDataKeys, type PublicDataDomain } from '@upright/contracts';

/** The Redis commands used to move versions (ioredis and its pipelines provide them). */
export interface VersionRedis {
  eval(script: string, numberOfKeys: number, ...keysAndArgs: string[]): Promise<unknown>;
}

/** Entries kept on the broadcast stream: readers follow it live, so a short tail is enough. */
export const BROADCAST_STREAM_MAXLEN = 1000;

/**
 * A missing version starts at the current time in ms rather than 0: if Redis loses its data,
 * new versions are far above any counter a BFF replica cached answers under, so old bytes can
 * never be taken for new ones.
 */
const BUMP_VERSIONS = `
local out = {}
for i, domain in ipairs(ARGV) do
  if i > 2 then
    if redis.call('HSETNX', KEYS[1], domain, ARGV[1]) == 0 then
      redis.call('HINCRBY', KEYS[1], domain, 1)
    end
    local version = redis.call('HGET', KEYS[1], domain)
    redis.call('XADD', KEYS[2], 'MAXLEN', '~', ARGV[2], '*', 'kind', 'version', 'domain', domain, 'version', version)
    out[#out + 1] = version
  end
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
    2,
    keys.versions,
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
