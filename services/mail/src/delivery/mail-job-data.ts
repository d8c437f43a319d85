/**
 * What a sent or dead-lettered job keeps of its data (the job's schema is the `mailJobs`
 * contract in @upright/contracts): the member's uid only (contact: the sender's).
 */
export function redactedMailData(data: unknown): { uid: string | null; redacted: true } {
  return { uid: recipientUid(data), redacted: true };
}

export function isRedactedMailData(data: unknown): boolean {
  return (
    typeof data === 'object' && data !== null && (data as { redacted?: unknown }).redacted === true
  );
}

/** The member a job's mail is about, for logs and the dead-letter view (no other personal data). */
export function recipientUid(data: unknown): string | null {
  if (typeof data !== 'object' || data === null) return null;
  const record = data as { recipient?: { uid?: unknown }; uid?: unknown };
  const uid = record.recipient?.uid ?? record.uid;
  return typeof uid === 'string' ? uid.slice(0, 100) : null;
}
