import type Redis from 'ioredis';
import type { VerifiedRequest } from './envelope';
import type { KeySpace } from './keys';
import { ADMIT } from './scripts';

/**
 * Replicas' clocks (NTP-synchronised) may disagree by this much. A marker set on a fast clock
 * would otherwise vanish while a replica on a slow clock still takes the request for live.
 */
export const CLOCK_SKEW_ALLOWANCE_MS = 1000;

/** How long the marker of a request must live, from `now`: past its deadline, on every replica. */
export function markerTtlMs(deadline: number, now: number): number {
  return Math.max(1, deadline - now) + CLOCK_SKEW_ALLOWANCE_MS;
}

/** What the ADMIT script found; see there. */
export type Admission = 'first' | 'again' | 'replay' | 'gone';

const ADMISSIONS: readonly string[] = ['first', 'again', 'replay', 'gone'];

export function parseAdmission(raw: unknown): Admission {
  if (typeof raw === 'string' && ADMISSIONS.includes(raw)) return raw as Admission;
  throw new Error(`Unexpected admission answer ${String(raw)}`);
}

/**
 * Decides, before a handler starts, whether this consumer may run an entry: it must still own
 * the entry (a replica cut off from Redis loses what others claimed meanwhile), the request must
 * not be a copy in another entry (decision 0016, amended), and a redelivery
 * of an entry some replica already started is told apart from a first delivery (0051).
 * One round trip; throws when Redis does not answer.
 */
export class ReplayGuard {
  constructor(
    private readonly keys: KeySpace,
    private readonly service: string,
  ) {}

  /** The marker of `request`, checked with its reply when it only reads (REPLY_AND_ACK). */
  markerOf(request: Pick<VerifiedRequest, 'from' | 'id' | 'deadline'>): {
    key: string;
    ttlMs: number;
  } {
    return {
      key: this.keys.seenRequest(this.service, request.from, request.id),
      ttlMs: markerTtlMs(request.deadline, Date.now()),
    };
  }

  async admit(
    redis: Redis,
    stream: string,
    group: string,
    consumer: string,
    request: Pick<VerifiedRequest, 'from' | 'id' | 'deadline'>,
    entryId: string,
  ): Promise<Admission> {
    const marker = this.markerOf(request);
    return parseAdmission(
      await ADMIT.run(redis, [stream, marker.key], [group, entryId, consumer, marker.ttlMs]),
    );
  }
}
