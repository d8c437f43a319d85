import type { LedgerEntry } from '@upright/contracts';
import { describe, expect, it } from 'vitest';
import { ownOpenRequests, rememberRequest, type OwnRequest } from './own-requests';

function memoryStore() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

const request = (reference: string): OwnRequest => ({
  reference,
  field_label: 'Climate',
  period_year: 2026,
  period_qrt: 1,
  requested_at: '2026-04-02T10:00:00.000Z',
});
const decided = (reference: string) => ({ reference }) as LedgerEntry;
const ledger = (entries: LedgerEntry[]) => ({ entries, promise_days: 14 });
/** Five days after the requests of `request`; 2026-03-15 is over 15 days before. */
const NOW = Date.parse('2026-04-07T10:00:00.000Z');

describe("the requester's own open correction requests", () => {
  it('lists what this browser sent to this company while the ledger counts it open', () => {
    const store = memoryStore();
    rememberRequest(store, 'oil', 'acme', request('C-1'));
    rememberRequest(store, 'oil', 'acme', request('C-2'));
    rememberRequest(store, 'oil', 'acme', request('C-2'));
    rememberRequest(store, 'oil', 'other', request('C-3'));
    const open = ownOpenRequests(store, 'oil', 'acme', ledger([]), NOW);
    expect(open.map((item) => item.reference)).toEqual(['C-1', 'C-2']);
  });

  it('forgets a request once the ledger shows it decided, or once its promised time is past', () => {
    const store = memoryStore();
    rememberRequest(store, 'oil', 'acme', request('C-1'));
    rememberRequest(store, 'oil', 'acme', request('C-2'));
    rememberRequest(store, 'oil', 'acme', {
      ...request('C-3'),
      requested_at: '2026-03-15T10:00:00.000Z',
    });
    const open = ownOpenRequests(store, 'oil', 'acme', ledger([decided('C-1')]), NOW);
    expect(open.map((item) => item.reference)).toEqual(['C-2']);
    expect(JSON.parse(store.items.get('upright.own-corrections.oil/acme')!)).toEqual([
      request('C-2'),
    ]);
  });

  it('reads nothing from a damaged store', () => {
    const store = memoryStore();
    store.setItem('upright.own-corrections.oil/acme', '{not json');
    expect(ownOpenRequests(store, 'oil', 'acme', ledger([]), NOW)).toEqual([]);
  });
});
