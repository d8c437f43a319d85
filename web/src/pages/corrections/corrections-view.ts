import type { CorrectionsPage, LedgerEntry } from '@upright/contracts';

/** "3 days", "5 hours", "under an hour": a measured time, rounded the way people say it. */
export function formatDuration(seconds: number | null): string {
  if (seconds === null) return 'not measured yet';
  const hours = seconds / 3600;
  if (hours < 1) return 'under an hour';
  if (hours < 48) return `${Math.round(hours)} hour${Math.round(hours) === 1 ? '' : 's'}`;
  return `${Math.round(hours / 24)} days`;
}

/** "12.5", or "no data". */
export function formatValue(value: number | null): string {
  return value === null ? 'no data' : String(value);
}

/** The change an accepted correction made; nothing for open or rejected ones. */
export function changeText(entry: LedgerEntry): string {
  if (entry.status !== 'accepted') return '—';
  return `${entry.corrected_field_label ?? entry.field_label}: ${formatValue(entry.before_value)} → ${formatValue(entry.after_value)}`;
}

/** The pages before and after this one (null at either end) and the last page (at least 1). */
export function pagesAround({ page, size, total }: CorrectionsPage): {
  previous: number | null;
  next: number | null;
  last: number;
} {
  const last = Math.max(1, Math.ceil(total / size));
  return {
    // A page beyond the end (an old link) leads back to the last one.
    previous: page > 1 ? Math.min(page - 1, last) : null,
    next: page < last ? page + 1 : null,
    last,
  };
}

/** Open requests are only counted on the public ledger until they are decided. */
export function openRequestsText(count: number): string {
  if (count === 0) return 'No open requests.';
  return `${count} open request${count === 1 ? '' : 's'}, listed here once decided.`;
}

/**
 * The admins' queue's count: open and staged requests alike (a staged one waits for its draft to
 * be published, decision 0077).
 */
export function queueTotalText(total: number, staged: number): string {
  const requests = `${total} open request${total === 1 ? '' : 's'}`;
  const inDraft = staged > 0 ? ` (${staged} staged in the draft)` : '';
  return `${requests}${inDraft}, oldest first.`;
}

/** "Staged in draft 12": where an accepted request's change waits to be published. */
export function stagedInDraftText(versionId: number): string {
  return `Staged in draft ${versionId}`;
}
