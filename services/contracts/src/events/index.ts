import { accountsEvents, type AccountsEventMap } from './accounts';

/**
 * Events: fire-and-forget facts, one file per emitting service. Every service that subscribes
 * receives each event once (one replica of it), through its own consumer group on the event's
 * stream. Anything that must happen at least once goes through a queue instead (`../queues`).
 */
export const Events = {
  accounts: accountsEvents,
} as const;

export type EventMap = AccountsEventMap;
export type EventName = keyof EventMap;
