/** docs/product/spec.md#s9: the member's data is deleted 7 days after the request. */
export const DISCONTINUE_GRACE_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface DiscontinueDates {
  discontinueDate: Date;
  discontinueFinal: Date;
}

export function discontinueDates(requestedAt: Date): DiscontinueDates {
  return {
    discontinueDate: requestedAt,
    discontinueFinal: new Date(requestedAt.getTime() + DISCONTINUE_GRACE_DAYS * DAY_MS),
  };
}

/** How long the deletion job waits: until the final date, at once when it has passed. */
export function deletionDelayMs(discontinueFinal: Date, now: Date): number {
  return Math.max(0, discontinueFinal.getTime() - now.getTime());
}

/** The deletion job deletes only a member still discontinued whose final date has come. */
export function deletionDue(
  member: { discontinue: boolean; discontinueFinal: Date | null },
  now: Date,
): boolean {
  return (
    member.discontinue &&
    member.discontinueFinal !== null &&
    member.discontinueFinal.getTime() <= now.getTime()
  );
}
