import type { CorrectionLedger } from '@upright/contracts';

/**
 * The correction requests this browser sent, so the ledger can show the requester their own
 * while it is open: the public ledger only counts open requests (their requesters stay private,
 * decision 0038), and the receipt's reference is all the requester has.
 */
export interface OwnRequest {
  reference: string;
  field_label: string;
  period_year: number;
  period_qrt: number;
  requested_at: string;
}

type Store = Pick<Storage, 'getItem' | 'setItem'>;

const keyOf = (industry: string, company: string) =>
  `upright.own-corrections.${industry}/${company}`;

function read(store: Store, key: string): OwnRequest[] {
  try {
    const saved = JSON.parse(store.getItem(key) ?? '[]') as unknown;
    return Array.isArray(saved) ? (saved as OwnRequest[]) : [];
  } catch {
    return [];
  }
}

/** Keeps a request just sent (its receipt's reference) under its company. */
export function rememberRequest(
  store: Store,
  industry: string,
  company: string,
  request: OwnRequest,
): void {
  const key = keyOf(industry, company);
  const kept = read(store, key).filter((item) => item.reference !== request.reference);
  store.setItem(key, JSON.stringify([...kept, request]));
}

const DAY_MS = 86_400_000;

/**
 * The requests of this browser still open: forgotten once the ledger shows them decided, or once
 * their promised time has passed (they are decided by then, maybe on another page of it). The
 * ledger's count of open requests is not asked: an answer read just before the request (a
 * prefetched link) does not count it yet.
 */
export function ownOpenRequests(
  store: Store,
  industry: string,
  company: string,
  ledger: Pick<CorrectionLedger, 'entries' | 'promise_days'>,
  now: number,
): OwnRequest[] {
  const key = keyOf(industry, company);
  const saved = read(store, key);
  const decided = new Set(ledger.entries.map((entry) => entry.reference));
  const since = now - (ledger.promise_days + 1) * DAY_MS;
  const open = saved.filter(
    (item) => !decided.has(item.reference) && Date.parse(item.requested_at) >= since,
  );
  if (open.length !== saved.length) store.setItem(key, JSON.stringify(open));
  return open;
}
