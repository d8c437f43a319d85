import type { Averages } from './dto';

/**
 * Events: fire-and-forget facts. Every service that subscribes receives each event once
 * (one replica of it), through its own consumer group on the event's stream.
 */
export const Events = {
  rankings: {
    industryDataChanged: 'rankings.industry-data.changed',
  },
  accounts: {
    /** New averages (decisions §4) after priorities changed or a member was deleted. */
    averagesChanged: 'accounts.averages.changed',
  },
} as const;

export interface EventMap {
  'rankings.industry-data.changed': { industries: string[] };
  'accounts.averages.changed': Averages;
}
export type EventName = keyof EventMap;
