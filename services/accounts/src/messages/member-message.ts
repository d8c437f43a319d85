import { z } from 'zod';

/** A call about one member: the BFF puts the uid of the authenticated session here, only. */
export const memberMessage = z.object({ uid: z.uuid('must be a member id') });

export function forMember<T extends z.ZodRawShape>(shape: T) {
  return memberMessage.extend(shape);
}
