import type Redis from 'ioredis';
import type { VerifiedRequest } from './envelope';
import type { KeySpace } from './keys';

/**
 * Replicas' clocks (NTP-synchronised) may disagree by this much. A marker set on a fast clock
 * would otherwise vanish while a replica on a slow clock still takes the request for live.
 */
export const CLOCK_SKEW_ALLOWANCE_MS = 1000;

/** How long the marker of a request must live, from `now`: past its deadline, on every replica. */
export function markerTtlMs(deadline: number, now: number): number {
  return Math.max(1, deadline - now) + CLOCK_SKEW_ALLOWANCE_MS;
}

/**
 * `previous`: the entry the request's marker already named, null when this delivery created it.
 * The same entry again is a redelivery (a reclaim after a crash), not a replay.
 */
export function isReplay(previous: string | null, entryId: string): boolean {
  return previous !== null && previous !== entryId;
}

/**
 * Refuses an authentic request copied into a new stream entry (a replay by someone who can
 * write to Redis) on every replica of the service and across restarts: the first delivery
 * records which entry carried the request in Redis (`SET NX`) until its deadline, and later
 * deliveries compare (decision record 0016, amended by issue 25).
 */
export class ReplayGuard {
  constructor(
    private readonly keys: KeySpace,
    private readonly service: string,
  ) {}

  /** False for a replay; throws when Redis does not answer. One round trip (SET NX GET). */
  async admit(
    redis: Redis,
    request: Pick<VerifiedRequest, 'from' | 'id' | 'deadline'>,
    entryId: string,
  ): Promise<boolean> {
    const previous = await redis.call(
      'SET',
      this.keys.seenRequest(this.service, request.from, request.id),
      entryId,
      'PX',
      markerTtlMs(request.deadline, Date.now()),
      'NX',
      'GET',
    );
    return !isReplay(typeof previous === 'string' ? previous : null, entryId);
  }
}
