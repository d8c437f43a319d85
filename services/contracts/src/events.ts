/**
 * Events: fire-and-forget facts. Every service that subscribes receives each event once
 * (one replica of it), through its own consumer group on the event's stream.
 */
export const Events = {
  rankings: {
    industryDataChanged: 'rankings.industry-data.changed',
  },
} as const;

export interface EventMap {
  'rankings.industry-data.changed': { industries: string[] };
}
export type EventName = keyof EventMap;
