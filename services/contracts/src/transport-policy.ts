import { accountsEventSubscribers, accountsEvents } from './events/accounts';
import { accountsCallers, accountsPatterns, accountsSealed } from './patterns/accounts';
import { rankingsCallers, rankingsPatterns } from './patterns/rankings';
import { reportsCallers, reportsPatterns } from './patterns/reports';
import { searchCallers, searchPatterns } from './patterns/search';
import {
  type CallersOf,
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
const subscribers = new Map([...byPattern(accountsEvents, accountsEventSubscribers)]);
const sealed = new Set<string>(accountsSealed.map((key) => accountsPatterns[key]));

/**
 * What the transport enforces (decision record 0016), built from the allow-lists beside the
 * patterns and events. Structurally the transport's `TransportPolicy`.
 */
export const transportPolicy = {
  callersOf: (pattern: string): readonly string[] | undefined => callers.get(pattern),
  isSealed: (pattern: string): boolean => sealed.has(pattern),
  /** An event is emitted only by the service it is named after. */
  emitterOf: (event: string): string | undefined =>
    subscribers.has(event) ? serviceOfPattern(event) : undefined,
  subscribersOf: (event: string): readonly string[] => subscribers.get(event) ?? [],
};

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
