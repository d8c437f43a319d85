/**
 * The data version of an industry: a counter in Redis that the importer increments after it
 * commits a change to the industry's data. Every rankings replica reads it on each request and
 * keys its in-process cache with it, so all replicas stop using old data at the same moment.
 *
 * A missing key is initialised to the current time in ms rather than counted from 0: if Redis
 * loses its data, the new versions are far above any earlier counter (which grew by one per
 * import since its own initialisation), so a replica cannot mistake new data for an entry it
 * cached under an old version with the same number.
 */

import { bumpPublicVersions } from '@upright/platform';

/**
 * Cached entries expire after this long whatever the version says: a safety net for a bump
 * that was lost (the importer could not reach Redis), not the way changes normally arrive.
 */
export const CACHE_ENTRY_TTL_MS = 15 * 60_000;

/** The few Redis commands used here (ioredis provides them). */
export interface DataVersionRedis {
  eval(script: string, numberOfKeys: number, ...keysAndArgs: string[]): Promise<unknown>;
}

export function dataVersionKey(transportPrefix: string, industry: string): string {
  return `${transportPrefix}:rankings:data-version:${industry}`;
}

const INITIALISE_AND_GET = `
redis.call('SET', KEYS[1], ARGV[1], 'NX')
return redis.call('GET', KEYS[1])`;

const INITIALISE_AND_INCREMENT = `
for _, key in ipairs(KEYS) do
  redis.call('SET', key, ARGV[1], 'NX')
  redis.call('INCR', key)
end
return #KEYS`;

/**
 * Creates the key when it is missing and returns the version. Only for industries that exist:
 * keys for whatever slug a visitor types would pile up in Redis.
 */
export async function initialiseDataVersion(
  redis: DataVersionRedis,
  transportPrefix: string,
  industry: string,
): Promise<string> {
  const key = dataVersionKey(transportPrefix, industry);
  return String(await redis.eval(INITIALISE_AND_GET, 1, key, String(Date.now())));
}

/** Called by the importer after commit: every cached ranking of these industries is then stale. */
export async function bumpDataVersions(
  redis: DataVersionRedis,
  transportPrefix: string,
  industries: readonly string[],
): Promise<void> {
  if (industries.length === 0) return;
  const keys = industries.map((industry) => dataVersionKey(transportPrefix, industry));
  await redis.eval(INITIALISE_AND_INCREMENT, keys.length, ...keys, String(Date.now()));
}

/**
 * The corrections ledger's version: one counter for every company's ledger, moved after every
 * commit that changes what a ledger shows (a request stored: the open count; a decision: an
 * entry, and the site's median resolution time, which every ledger shows).
 */
export function ledgerVersionKey(transportPrefix: string): string {
  return `${transportPrefix}:rankings:ledger-version`;
}

/** Creates the ledger version when it is missing (see the data version) and returns it. */
export async function initialiseLedgerVersion(
  redis: DataVersionRedis,
  transportPrefix: string,
): Promise<string> {
  const key = ledgerVersionKey(transportPrefix);
  return String(await redis.eval(INITIALISE_AND_GET, 1, key, String(Date.now())));
}

/** Called after a commit that changes a ledger: every replica's kept ledgers are then stale. */
export async function bumpLedgerVersion(
  redis: DataVersionRedis,
  transportPrefix: string,
): Promise<void> {
  const key = ledgerVersionKey(transportPrefix);
  await redis.eval(INITIALISE_AND_INCREMENT, 1, key, String(Date.now()));
}

/**
 * What a correction request or decision does after its commit: every rankings replica drops its
 * kept ledgers, and every BFF replica its kept ledger answers (the public `corrections` version)
 * — not the rest of the site's kept answers.
 */
export async function moveLedgerVersions(
  redis: DataVersionRedis,
  transportPrefix: string,
): Promise<void> {
  await bumpLedgerVersion(redis, transportPrefix);
  await bumpPublicVersions(redis, transportPrefix, ['corrections']);
}

/**
 * What every change of ranking data does after its commit (a publish or rollback of the editors'
 * desk, which is also how an accepted correction becomes public, decision 0077):
 * every rankings replica drops the industries' cached rankings (their data versions), and every
 * BFF replica its kept public answers (the public `data` version, decision 0011).
 */
export async function announceDataChange(
  redis: DataVersionRedis,
  transportPrefix: string,
  industries: readonly string[],
): Promise<void> {
  await bumpDataVersions(redis, transportPrefix, industries);
  await bumpPublicVersions(redis, transportPrefix, ['data']);
}
