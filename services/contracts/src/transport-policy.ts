import { accountsEventSubscribers, accountsEvents } from './events/accounts';
import {
  accountsCallers,
  accountsEffects,
  accountsPatterns,
  accountsSealed,
} from './patterns/accounts';
import { rankingsCallers, rankingsEffects, rankingsPatterns } from './patterns/rankings';
import { reportsCallers, reportsEffects, reportsPatterns } from './patterns/reports';
import {
  searchCallers,
  searchEffects,
  searchPatterns,
  searchRecordingReads,
} from './patterns/search';
import {
  type CallersOf,
  type EffectsOf,
  IDEMPOTENCY_KEY_FIELD,
  serviceOfPattern,
  TRANSPORT_IDENTITIES,
  type TransportIdentity,
} from './services';

type Table = Record<string, string>;

/** pattern → identities, from a pattern table and its allow-list keyed alike. */
function byPattern<T extends Table>(patterns: T, allowed: CallersOf<T>) {
  return Object.entries(patterns).map(([key, pattern]): [string, readonly TransportIdentity[]] => [
    pattern,
    allowed[key],
  ]);
}

const callers = new Map([
  ...byPattern(accountsPatterns, accountsCallers),
  ...byPattern(rankingsPatterns, rankingsCallers),
  ...byPattern(reportsPatterns, reportsCallers),
  ...byPattern(searchPatterns, searchCallers),
]);
const reads = new Set<string>(
  (
    [
      [accountsPatterns, accountsEffects],
      [rankingsPatterns, rankingsEffects],
      [reportsPatterns, reportsEffects],
      [searchPatterns, searchEffects],
    ] as [Table, EffectsOf<Table>][]
  ).flatMap(([patterns, effects]) =>
    Object.entries(patterns)
      .filter(([key]) => effects[key] === 'read')
      .map(([, pattern]) => pattern),
  ),
);
/** pattern → whether its data asks it to record something (reads only; see RecordingReadsOf). */
const recordingReads = new Map<string, (data: unknown) => boolean>(
  Object.entries(searchRecordingReads).flatMap(([key, records]) =>
    records ? [[searchPatterns[key as keyof typeof searchPatterns], records]] : [],
  ),
);
const subscribers = new Map([...byPattern(accountsEvents, accountsEventSubscribers)]);
const sealed = new Set<string>(accountsSealed.map((key) => accountsPatterns[key]));

/**
 * What the transport enforces (decision 0016), built from the allow-lists beside the
 * patterns and events. Structurally the transport's `TransportPolicy`.
 */
export const transportPolicy = {
  callersOf: (pattern: string): readonly string[] | undefined => callers.get(pattern),
  isSealed: (pattern: string): boolean => sealed.has(pattern),
  /** An event is emitted only by the service it is named after. */
  emitterOf: (event: string): string | undefined =>
    subscribers.has(event) ? serviceOfPattern(event) : undefined,
  subscribersOf: (event: string): readonly string[] => subscribers.get(event) ?? [],
  /**
   * Whether this request may run again (a caller's retry, a re-run after its replica died):
   * a read, or a write that carries an idempotency key (decision 0051).
   */
  mayRepeat: (pattern: string, data: unknown): boolean =>
    reads.has(pattern) || hasIdempotencyKey(data),
  /**
   * Whether a copy of this request may run unanswered: a read that records nothing (see
   * `RecordingReadsOf`). A session's touch is no record: a repeat within the deadline sets the
   * same time.
   */
  onlyReads: (pattern: string, data: unknown): boolean =>
    reads.has(pattern) && !(recordingReads.get(pattern)?.(data) ?? false),
};

function hasIdempotencyKey(data: unknown): boolean {
  if (typeof data !== 'object' || data === null) return false;
  const key = (data as Record<string, unknown>)[IDEMPOTENCY_KEY_FIELD];
  return typeof key === 'string' && key.length > 0;
}

/**
 * The identities `identity` exchanges messages with, either way: each needs a pair key with it.
 * A service talks to itself when it emits an event it also handles.
 */
export function transportPeersOf(identity: TransportIdentity): TransportIdentity[] {
  const peers = new Set<TransportIdentity>();
  for (const [pattern, allowed] of callers) {
    const service = serviceOfPattern(pattern);
    if (service === identity) allowed.forEach((caller) => peers.add(caller));
    if (allowed.includes(identity)) peers.add(service);
  }
  for (const [event, handlers] of subscribers) {
    const emitter = serviceOfPattern(event);
    if (emitter === identity) handlers.forEach((handler) => peers.add(handler));
    if (handlers.includes(identity)) peers.add(emitter);
  }
  return TRANSPORT_IDENTITIES.filter((candidate) => peers.has(candidate));
}
