import type { RpcException } from '@nestjs/microservices';
import { ERROR_TEXTS } from '@upright/contracts';
import { remoteError } from '@upright/platform';

/** Open (undecided) requests of one company, and of one requester, or the caps on them. */
export interface OpenCounts {
  company: number;
  requester: number;
}

/**
 * The cap a new request would pass, or null when it may be stored. The requester's comes first:
 * it is the one they can do something about (wait for their own requests to be answered).
 */
export function capReached(open: OpenCounts, caps: OpenCounts): keyof OpenCounts | null {
  if (open.requester >= caps.requester) return 'requester';
  if (open.company >= caps.company) return 'company';
  return null;
}

/** 409 naming the field of the form the cap is about. */
export function capError(cap: keyof OpenCounts): RpcException {
  return cap === 'requester'
    ? remoteError('conflict', ERROR_TEXTS.correctionsOpenPerRequester, 'email')
    : remoteError('conflict', ERROR_TEXTS.correctionsOpenPerCompany, 'company');
}
