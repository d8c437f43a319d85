import { z } from 'zod';

/**
 * A call about one member: the BFF puts the uid of the authenticated session here, only. The
 * uid is trusted because the transport accepts member-scoped patterns from the BFF alone
 * (`accountsCallers` in contracts, checked against each message's signature: decision 0016).
 */
export const memberMessage = z.object({ uid: z.uuid('must be a member id') });

export function forMember<T extends z.ZodRawShape>(shape: T) {
  return memberMessage.extend(shape);
}
