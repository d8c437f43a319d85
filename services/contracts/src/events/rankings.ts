import type { CallersOf } from '../services';

export const rankingsEvents = {
  industryDataChanged: 'rankings.industry-data.changed',
} as const;

/** Nobody subscribes yet: the data-import CLI announces changes for future subscribers. */
export const rankingsEventSubscribers: CallersOf<typeof rankingsEvents> = {
  industryDataChanged: [],
};

export interface RankingsEventMap {
  'rankings.industry-data.changed': { industries: string[] };
}
